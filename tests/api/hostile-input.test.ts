import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { TEXT_MESSAGES } from '../../contracts/text.ts'
import { API_ROUTES } from '../../server/api/routes.ts'
import type { Endpoint } from '../../server/api/define.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/**
 * Every endpoint of the route table, fed control characters, NUL and text-direction overrides in
 * every field its schema names (and a few it does not): never a 500, on either engine. New
 * endpoints are covered the day they are added.
 */
let t: TestApp
let admin: string
let adminUser: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  adminUser = await t.createUser({ role: 'admin' })
  admin = await t.login(adminUser, '10.200.0.1')
})
afterAll(() => t.close())

const HOSTILE = [
  '\u0000',
  'a\u0000b',
  'x\u0001y',
  '\u202Eevil',
  '../../\u0000etc/passwd',
  '%00',
  "'; drop table users; --",
]
const EXTRA_KEYS = ['id', 'slug', 'title', 'content', 'email', 'name', 'search', 'key', 'channelId']

async function keysOf(ep: Endpoint): Promise<string[]> {
  const schema = await ep.schema()
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : null
  return [...new Set([...(shape ? Object.keys(shape) : []), ...EXTRA_KEYS])]
}

async function send(ep: Endpoint, value: string, cookie: string) {
  const fields = Object.fromEntries((await keysOf(ep)).map((k) => [k, value]))
  const path = `/_api${ep.path}`
  if (ep.method === 'GET') {
    return t.request(`${path}?${new URLSearchParams(fields)}`, { cookie })
  }
  if (ep.source === 'multipart') {
    const body = new FormData()
    for (const [k, v] of Object.entries(fields)) body.append(k, v)
    return t.request(path, { body, cookie })
  }
  return t.request(path, { json: fields, cookie })
}

describe('hostile values in every field of every endpoint', () => {
  API_ROUTES.forEach((ep, i) => {
    it(`${ep.method} ${ep.path} never answers 500`, async () => {
      // A session of its own (logout and password changes end sessions), from its own address.
      const cookie = await t.login(adminUser, `10.201.${i}.1`)
      for (const value of HOSTILE) {
        const res = await send(ep, value, cookie)
        expect(
          res.status,
          `${JSON.stringify(value)} → ${res.status} ${res.text.slice(0, 200)}`,
        ).not.toBe(500)
      }
    })
  })
})

describe('control characters', () => {
  it.each([
    ['/_api/blog/get', { id: 'a\u0000b' }],
    ['/_api/blog/get', { slug: '\u0000' }],
    ['/_api/blog/update', { id: '\u0000', title: 'x' }],
    ['/_api/blog/delete', { id: 'x\u0000' }],
    ['/_api/pages/update', { id: '\u0000' }],
    ['/_api/pages/delete', { id: '\u0000' }],
    ['/_api/blog/create', { title: 'Bad\u0001title', content: 'Fine' }],
    ['/_api/blog/create', { title: 'Tags', content: 'Fine', tags: ['ok', 'bad\u0000'] }],
    ['/_api/faqs/create', { title: 'Q\u0000', content: 'A' }],
  ])('%s %j → 400 with a clear message', async (path, json) => {
    const res = await t.request(path, { json, cookie: admin })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(TEXT_MESSAGES.control)
  })

  it('names refuse NUL and right-to-left overrides', async () => {
    const { cookie } = await t.signedIn('user')
    for (const displayName of ['Nova\u0000', 'Nova \u202Eevil']) {
      const res = await t.request('/_api/user/profile/update', {
        json: { displayName, email: 'nova@example.com' },
        cookie,
      })
      expect(res.status).toBe(400)
    }
    const contact = await t.request('/_api/contact/submit', {
      json: {
        name: 'Eve\u202Etxt.exe',
        email: 'eve@example.com',
        subject: 'Hello there',
        message: 'A message long enough.',
      },
    })
    expect(contact.status).toBe(400)
  })

  it('prose keeps its line breaks but loses NUL and other controls', async () => {
    const res = await t.request('/_api/blog/create', {
      json: {
        title: 'Prose',
        content: '<p>Line one\u0000 and\u0007 more</p>\n<p>Two</p>',
        status: 'published',
      },
      cookie: admin,
    })
    expect(res.status).toBe(200)
    const post = await t.request('/_api/blog/get', { json: { id: res.json.id } })
    const content =
      (post.json.post as { content: string } | undefined)?.content ?? String(post.json.content)
    expect(content.includes('\u0000') || content.includes('\u0007')).toBe(false)
    expect(content).toContain('Line one and more')
  })
})
