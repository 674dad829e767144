// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as API_PATHS from '../../contracts/endpoints.ts'
import { ApiRequestError, callApi } from './api.ts'

const fetchMock = vi.fn<typeof fetch>()
vi.stubGlobal('fetch', fetchMock)
afterEach(() => fetchMock.mockReset())

const answer = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }))

describe('callApi', () => {
  it('sends a GET input as the query string, without empty fields, with the session cookie', async () => {
    answer(200, { faqs: [], pagination: {} })
    await callApi(API_PATHS.listFaqs, { page: 2, limit: undefined })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toMatch(/\/_api\/faqs\/list\?page=2$/)
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', body: undefined })
  })

  it('sends a POST input as JSON and answers the body', async () => {
    answer(200, { id: 3, title: 'Saturn' })
    const faq = await callApi(API_PATHS.updateFaq, { id: 3, title: 'Saturn' })
    const [, init] = fetchMock.mock.calls[0]!
    expect(init).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 3, title: 'Saturn' }),
    })
    expect(faq.title).toBe('Saturn')
  })

  it("throws the server's message, status and field details on a refusal", async () => {
    answer(400, { error: 'Title is required', details: { title: ['Title is required'] } })
    const error = await callApi(API_PATHS.createFaq, { title: '', content: 'x' }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({
      status: 400,
      message: 'Title is required',
      details: { title: ['Title is required'] },
    })
  })

  it('throws status 0 and the fallback message when no answer came, and an abort as it is', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const lost = await callApi(API_PATHS.listFaqs, {}, { fallbackMessage: 'Failed' }).catch(
      (e) => e,
    )
    expect(lost).toMatchObject({ status: 0, message: 'Failed' })
    fetchMock.mockRejectedValueOnce(new DOMException('stop', 'AbortError'))
    const stopped = await callApi(API_PATHS.listFaqs, {}).catch((e) => e)
    expect(stopped).toBeInstanceOf(DOMException)
  })

  it('treats an answer that says success: false as a failure', async () => {
    answer(200, { success: false, error: 'Not now' })
    await expect(callApi(API_PATHS.deleteFaq, { id: 1 })).rejects.toMatchObject({
      status: 200,
      message: 'Not now',
    })
  })
})
