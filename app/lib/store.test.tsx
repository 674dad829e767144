// @vitest-environment happy-dom
import { act } from 'react'
import { type Root, createRoot } from 'react-dom/client'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { contract } from '../../contracts/endpoint.ts'
import type * as ApiModule from './api.ts'
import { ApiRequestError, callApi } from './api.ts'
import {
  type ApiData,
  type ApiDataOptions,
  getData,
  invalidate,
  keyOf,
  setData,
  useApi,
} from './store.ts'
import { useStoredData } from './store-core.ts'

vi.mock('./api.ts', async (original) => ({
  ...(await original<typeof ApiModule>()),
  callApi: vi.fn(),
}))
const call = vi.mocked(callApi)

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

// Each test reads its own endpoint: the store is one map for the whole tab.
let n = 0
const endpoint = () =>
  contract<string>()({
    method: 'GET',
    path: `/test/${++n}`,
    access: 'public',
    source: 'query',
    input: () =>
      Promise.resolve(z.object({ page: z.number().optional(), q: z.string().optional() })),
  })
type Endpoint = ReturnType<typeof endpoint>

let visibility: DocumentVisibilityState = 'visible'
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state
  document.dispatchEvent(new Event('visibilitychange'))
}

/** Answers each call with `answer(input)` after `ms`. */
function answering(answer: (input: unknown) => string, ms = 10) {
  call.mockImplementation((_entry, input) =>
    ms === 0
      ? Promise.resolve(answer(input))
      : new Promise((resolve) => setTimeout(() => resolve(answer(input)), ms)),
  )
}

let root: Root
let container: HTMLElement
const seen = new Map<string, ApiData<string>>()
const got = (name: string) => seen.get(name)!

function Probe({
  name,
  entry,
  input,
  options,
}: {
  name: string
  entry: Endpoint
  input: { page?: number; q?: string } | null
  options?: ApiDataOptions<string, string>
}) {
  const result = useApi(entry, input, options)
  seen.set(name, result)
  return <p>{result.data ?? (result.isError ? result.error?.message : 'pending')}</p>
}

const render = (ui: React.ReactNode) => act(() => root.render(ui))
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

beforeEach(() => {
  vi.useFakeTimers()
  call.mockReset()
  visibility = 'visible'
  container = document.createElement('div')
  root = createRoot(container)
})
afterEach(async () => {
  await act(() => root.unmount())
  vi.useRealTimers()
})

describe('keyOf', () => {
  it('is the path and the fields sorted, without undefined or empty ones', () => {
    const e = endpoint()
    expect(keyOf(e, { q: '', page: 2, b: 'x', z: undefined })).toBe(`${e.path}?b=x&page=2`)
    expect(keyOf(e, { page: 2, b: 'x' })).toBe(keyOf(e, { b: 'x', page: 2 }))
    expect(keyOf(e, undefined)).toBe(`${e.path}?`)
  })
})

describe('useApi', () => {
  it('shows the loader copy in the server render and fetches nothing there', () => {
    const e = endpoint()
    expect(
      renderToStaticMarkup(
        <Probe name="ssr" entry={e} input={{}} options={{ initial: 'from the loader' }} />,
      ),
    ).toBe('<p>from the loader</p>')
    expect(renderToStaticMarkup(<Probe name="ssr" entry={e} input={{ page: 2 }} />)).toBe(
      '<p>pending</p>',
    )
    expect(call).not.toHaveBeenCalled()
  })

  it('shares one request and one answer between two components reading the same key', async () => {
    const e = endpoint()
    answering(() => 'answer')
    await render(
      <>
        <Probe name="a" entry={e} input={{ page: 1 }} />
        <Probe name="b" entry={e} input={{ page: 1 }} />
      </>,
    )
    expect(call).not.toHaveBeenCalled() // deferred past the hydration's task
    await advance(0)
    expect(got('a').isFetching).toBe(true)
    await advance(10)
    expect(call).toHaveBeenCalledTimes(1)
    expect(got('a').data).toBe('answer')
    expect(got('b').data).toBe('answer')
    expect(container.textContent).toBe('answeranswer')
  })

  it('fetches again on mount only once the answer is older than staleMs', async () => {
    const e = endpoint()
    answering(() => 'answer', 0)
    const probe = <Probe name="a" entry={e} input={{}} options={{ staleMs: 60_000 }} />
    await render(probe)
    await advance(0)
    expect(call).toHaveBeenCalledTimes(1)
    await render(null)
    await advance(30_000)
    await render(probe)
    await advance(0)
    expect(call).toHaveBeenCalledTimes(1)
    expect(got('a').data).toBe('answer')
    await render(null)
    await advance(30_000)
    await render(probe)
    await advance(0)
    expect(call).toHaveBeenCalledTimes(2)
  })

  it('polls every pollMs while visible; a hidden tab waits and catches up when shown', async () => {
    const e = endpoint()
    answering(() => 'answer', 0)
    await render(
      <Probe name="a" entry={e} input={{}} options={{ pollMs: 15_000, staleMs: 10_000 }} />,
    )
    await advance(0)
    expect(call).toHaveBeenCalledTimes(1)
    await advance(15_000)
    expect(call).toHaveBeenCalledTimes(2)
    await act(async () => setVisibility('hidden'))
    await advance(60_000)
    expect(call).toHaveBeenCalledTimes(2)
    await act(async () => setVisibility('visible'))
    await advance(0)
    expect(call).toHaveBeenCalledTimes(3)
  })

  it('refetches a stale answer when the visitor comes back, only where asked', async () => {
    const onFocus = endpoint()
    const notOnFocus = endpoint()
    answering(() => 'answer', 0)
    await render(
      <>
        <Probe
          name="a"
          entry={onFocus}
          input={{}}
          options={{ staleMs: 1000, refetchOnFocus: true }}
        />
        <Probe name="b" entry={notOnFocus} input={{}} options={{ staleMs: 1000 }} />
      </>,
    )
    await advance(0)
    expect(call).toHaveBeenCalledTimes(2)
    await act(async () => setVisibility('hidden'))
    await act(async () => setVisibility('visible'))
    await advance(0)
    expect(call).toHaveBeenCalledTimes(2) // still fresh
    await act(async () => setVisibility('hidden'))
    await advance(2000)
    await act(async () => setVisibility('visible'))
    await advance(0)
    expect(call).toHaveBeenCalledTimes(3)
    expect(call.mock.calls[2]?.[0]).toBe(onFocus)
  })

  it('keeps the previous page while the next loads (keepPrevious), marked as placeholder', async () => {
    const e = endpoint()
    answering((input) => `page ${(input as { page: number }).page}`, 100)
    const page = (p: number, keepPrevious = true) => (
      <Probe name="a" entry={e} input={{ page: p }} options={{ keepPrevious }} />
    )
    await render(page(1))
    await advance(100)
    expect(got('a').data).toBe('page 1')
    await render(page(2))
    await advance(50)
    expect(got('a').data).toBe('page 1')
    expect(got('a').isPlaceholderData).toBe(true)
    expect(got('a').isPending).toBe(false)
    await advance(50)
    expect(got('a').data).toBe('page 2')
    expect(got('a').isPlaceholderData).toBe(false)
    await render(page(3, false))
    expect(got('a').data).toBeUndefined()
    expect(got('a').isPending).toBe(true)
  })

  it('tries a failure on the way again after 1 s, then 2 s, then shows it', async () => {
    const e = endpoint()
    call.mockRejectedValue(new ApiRequestError(503, 'busy'))
    await render(<Probe name="a" entry={e} input={{}} />)
    await advance(0)
    expect(call).toHaveBeenCalledTimes(1)
    await advance(999)
    expect(call).toHaveBeenCalledTimes(1)
    await advance(1)
    expect(call).toHaveBeenCalledTimes(2)
    await advance(1999)
    expect(call).toHaveBeenCalledTimes(2)
    expect(got('a').isError).toBe(false)
    await advance(1)
    expect(call).toHaveBeenCalledTimes(3)
    expect(got('a').isError).toBe(true)
    expect(got('a').error?.status).toBe(503)
    expect(container.textContent).toBe('busy')
  })

  it('answers a refused request (4xx) at once, without a retry; a lost connection is retried', async () => {
    const refused = endpoint()
    call.mockRejectedValueOnce(new ApiRequestError(404, 'Not found'))
    await render(<Probe name="a" entry={refused} input={{}} />)
    await advance(0)
    expect(got('a').isError).toBe(true)
    expect(got('a').error?.message).toBe('Not found')
    await advance(10_000)
    expect(call).toHaveBeenCalledTimes(1)

    const offline = endpoint()
    call.mockRejectedValueOnce(new ApiRequestError(0, 'offline')).mockResolvedValueOnce('back')
    await render(<Probe name="b" entry={offline} input={{}} options={{ retries: 1 }} />)
    await advance(1000)
    expect(got('b').data).toBe('back')
  })

  it('tries only a lost connection again when asked not to retry server errors', async () => {
    const e = endpoint()
    call
      .mockRejectedValueOnce(new ApiRequestError(0, 'offline'))
      .mockRejectedValueOnce(new ApiRequestError(503, 'no copy'))
    const options = { retries: 2, retryServerErrors: false }
    await render(<Probe name="a" entry={e} input={{}} options={options} />)
    await advance(1000)
    expect(call).toHaveBeenCalledTimes(2)
    expect(got('a').error?.status).toBe(503)
    await advance(5000)
    expect(call).toHaveBeenCalledTimes(2)
  })

  it('refetches the mounted keys under an invalidated prefix, and marks the others stale', async () => {
    const e = endpoint()
    let version = 1
    answering(() => `v${version}`, 0)
    await render(<Probe name="a" entry={e} input={{ page: 1 }} options={{ staleMs: Infinity }} />)
    await advance(0)
    expect(got('a').data).toBe('v1')
    version = 2
    await act(() => invalidate(e))
    expect(got('a').data).toBe('v2')
    expect(call).toHaveBeenCalledTimes(2)

    const other = endpoint()
    await act(() => invalidate(other.path.slice(0, -1)))
    expect(call).toHaveBeenCalledTimes(3) // '/test/1…' covers this key too
  })

  it('puts an answer without a request, and every reader shows it', async () => {
    const e = endpoint()
    answering(() => 'fetched', 0)
    await render(<Probe name="a" entry={e} input={{}} options={{ staleMs: Infinity }} />)
    await advance(0)
    await act(() => setData(e, {}, (old) => `${old} then set`))
    expect(got('a').data).toBe('fetched then set')
    expect(getData(e, {})).toBe('fetched then set')
    expect(call).toHaveBeenCalledTimes(1)
  })

  it('shows the loader copy at once and asks only once it is stale', async () => {
    const e = endpoint()
    answering(() => 'fresh', 0)
    const options = { initial: 'loader', initialAt: Date.now() - 5000, staleMs: 10_000 }
    await render(<Probe name="a" entry={e} input={{}} options={options} />)
    expect(got('a').data).toBe('loader')
    await advance(0)
    expect(call).not.toHaveBeenCalled()
    await render(
      <Probe
        name="a"
        entry={e}
        input={{}}
        options={{ ...options, initialAt: Date.now() - 20_000 }}
      />,
    )
    await advance(0)
    expect(call).not.toHaveBeenCalled() // the first copy seeded the key; it is still fresh
  })

  it('drops a key no component has used for 5 minutes', async () => {
    const e = endpoint()
    answering(() => 'answer', 0)
    await render(<Probe name="a" entry={e} input={{}} options={{ staleMs: Infinity }} />)
    await advance(0)
    await render(null)
    await advance(4 * 60_000)
    expect(getData(e, {})).toBe('answer')
    await advance(60_000)
    expect(getData(e, {})).toBeUndefined()
  })

  it('aborts the request when its last user goes away, and makes none while disabled', async () => {
    const e = endpoint()
    let signal: AbortSignal | undefined
    call.mockImplementation((_e, _i, options) => {
      signal = options?.signal
      return new Promise(() => {})
    })
    await render(<Probe name="a" entry={e} input={{}} />)
    await advance(0)
    await render(null)
    expect(signal?.aborted).toBe(true)

    await render(<Probe name="b" entry={endpoint()} input={{}} options={{ enabled: false }} />)
    await render(<Probe name="c" entry={endpoint()} input={null} />)
    await advance(1000)
    expect(call).toHaveBeenCalledTimes(1)
    expect(got('c').isPending).toBe(true)
  })

  it('decodes the answer with select', async () => {
    const e = endpoint()
    answering(() => 'abc', 0)
    await render(
      <Probe name="a" entry={e} input={{}} options={{ select: (raw) => raw.toUpperCase() }} />,
    )
    await advance(0)
    expect(got('a').data).toBe('ABC')
  })
})

describe('useStoredData', () => {
  function Session({ entry, initial }: { entry: Endpoint; initial: string }) {
    return <p>{useStoredData(entry, {}, initial)}</p>
  }

  it('shows the loader copy, then what setData writes, and never fetches', async () => {
    const e = endpoint()
    answering(() => 'fetched', 0)
    expect(renderToStaticMarkup(<Session entry={e} initial="loader" />)).toBe('<p>loader</p>')
    await render(<Session entry={e} initial="loader" />)
    expect(container.textContent).toBe('loader')
    await advance(0)
    await act(() => setData(e, {}, 'signed in'))
    expect(container.textContent).toBe('signed in')
    expect(call).not.toHaveBeenCalled()
  })

  it('keeps its key while mounted, however long: what setData writes later still reaches it', async () => {
    const e = endpoint()
    await render(<Session entry={e} initial="loader" />)
    await advance(10 * 60_000)
    await act(() => setData(e, {}, 'signed out'))
    expect(container.textContent).toBe('signed out')
    await render(null)
    await advance(5 * 60_000)
    expect(getData(e, {})).toBeUndefined()
  })
})
