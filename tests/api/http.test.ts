import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_ROUTES } from '../../server/api/routes.ts'
import { CONTACT_BODY_BYTES, CONTENT_BODY_BYTES } from '../../server/api/body-sizes.ts'
import { CONTENT_MAX_LENGTH } from '../../contracts/blog-constants.ts'
import { BODY_LIMITS } from '../../server/http/api.ts'
import { CONTACT_LIMITS } from '../../contracts/contact-constants.ts'
import { isPostgres } from '../../server/db/dialect.ts'
import { HTTP_MESSAGES } from '../../server/http/errors.ts'
import { ENGINE, createTestApp, type TestApp } from '../support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    env: {
      ADS_TXT: 'google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0',
      SITE_VERIFICATION_PATH: '/tiktok-verify.txt',
      SITE_VERIFICATION_LINE: 'tiktok-developers-site-verification=abc123',
    },
  })
})
afterAll(async () => {
  await t?.close()
})

it(`runs on ${ENGINE}`, () => {
  expect(isPostgres(t.db)).toBe(ENGINE === 'postgres')
})

describe('access declared in the route table is enforced for every endpoint', () => {
  const guarded = API_ROUTES.filter((r) => r.access !== 'public')
  it('has guarded endpoints to check', () => {
    expect(guarded.length).toBeGreaterThan(0)
  })
  it.each(guarded.map((r) => [r.method, r.path, r.access] as const))(
    '%s %s (%s) → 401 without a session',
    async (method, path) => {
      const res = await t.request(`/_api${path}`, {
        method,
        json: method === 'POST' ? {} : undefined,
      })
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ error: HTTP_MESSAGES.notAuthenticated })
    },
  )
  const adminOnly = guarded.filter((r) => r.access === 'admin')
  it.each(adminOnly.map((r) => [r.method, r.path] as const))(
    '%s %s → 403 for a member',
    async (method, path) => {
      const { cookie } = await t.signedIn('user')
      const res = await t.request(`/_api${path}`, {
        method,
        json: method === 'POST' ? {} : undefined,
        cookie,
      })
      expect(res.status).toBe(403)
      expect(res.json).toEqual({ error: HTTP_MESSAGES.forbidden })
    },
  )
})

describe('GET /_api/user/profile', () => {
  it('answers the signed-in member', async () => {
    const { user, cookie } = await t.signedIn('user')
    const res = await t.request('/_api/user/profile', { cookie })
    expect(res.status).toBe(200)
    expect(res.json.user).toMatchObject({ id: user.id, email: user.email, role: 'user' })
  })
})

describe('JSON error envelope', () => {
  it('unknown /_api path → 404 JSON', async () => {
    const res = await t.request('/_api/does/not/exist')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(res.json).toEqual({ error: HTTP_MESSAGES.apiNotFound })
  })

  it('wrong method on a known path → 405 JSON with Allow', async () => {
    const res = await t.request('/_api/auth/login_with_password')
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST')
    expect(res.json).toEqual({ error: HTTP_MESSAGES.methodNotAllowed })
  })

  it('malformed JSON → 400 JSON', async () => {
    const res = await t.request('/_api/auth/login_with_password', {
      body: '{"email": "a@example.com", ',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.json).toEqual({ error: HTTP_MESSAGES.invalidJson })
  })

  it('a body that is not JSON → 415 JSON', async () => {
    const res = await t.request('/_api/auth/login_with_password', {
      body: 'email=a@example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(415)
    expect(res.json).toEqual({ error: HTTP_MESSAGES.jsonRequired })
  })

  it('a public endpoint takes at most what its input needs: more → 413 JSON, counted as it streams in', async () => {
    // A sign-in is well under 8 KB…
    const res = await t.request('/_api/auth/login_with_password', {
      json: { email: 'a@example.com', password: 'x'.repeat(BODY_LIMITS.public) },
    })
    expect(res.status).toBe(413)
    expect(res.json).toEqual({ error: HTTP_MESSAGES.tooLarge })
    // Without a Content-Length the limit still holds: the stream is counted.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode('{"name":"' + 'x'.repeat(CONTACT_BODY_BYTES) + '"}'),
        )
        controller.close()
      },
    })
    const chunked = await t.app.request(
      'http://localhost/_api/contact/submit',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit,
      { incoming: { socket: { remoteAddress: '203.0.113.9' } } } as never,
    )
    expect(chunked.status).toBe(413)
    // …and the longest contact message, in three-byte characters, is within its own limit.
    const ok = await t.request('/_api/contact/submit', {
      json: {
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Hello there',
        message: '€'.repeat(CONTACT_LIMITS.message),
      },
    })
    expect(ok.status).toBe(200)
  })

  it('reads no body it will refuse: a chunked body to an admin endpoint, sent anonymously, is not pulled', async () => {
    // 5 MB in 64 KB chunks, each made only when the server reads: under the outer 6 MB limit.
    let pulled = 0
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled === 80) return controller.close()
          pulled++
          controller.enqueue(new Uint8Array(64 * 1024).fill(120))
        },
      },
      { highWaterMark: 0 },
    )
    const res = await t.app.request(
      'http://localhost/_api/admin/users/create',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit,
      { incoming: { socket: { remoteAddress: '203.0.113.10' } } } as never,
    )
    expect(res.status).toBe(401)
    expect(pulled).toBeLessThanOrEqual(1)
  })

  it('a chunked upload past its limit is 413, not a broken form', async () => {
    const { cookie } = await t.signedIn('admin')
    const boundary = 'x-boundary'
    const head = new TextEncoder().encode(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`,
    )
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head)
        if (sent >= 7 * 1024 * 1024) return controller.close()
        sent += 256 * 1024
        controller.enqueue(new Uint8Array(256 * 1024))
      },
    })
    const res = await t.app.request(
      'http://localhost/_api/images/upload',
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          cookie,
          origin: 'http://localhost',
        },
        body,
        duplex: 'half',
      } as RequestInit,
      { incoming: { socket: { remoteAddress: '203.0.113.11' } } } as never,
    )
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: HTTP_MESSAGES.tooLarge })
  })

  it('says what is wrong with an input in words, naming the field', async () => {
    const { cookie } = await t.signedIn('admin')
    const nothing = await t.request('/_api/blog/create', {
      body: 'null',
      headers: { 'content-type': 'application/json' },
      cookie,
    })
    expect(nothing.status).toBe(400)
    expect(nothing.json.error).toBe('The request body must be a JSON object.')
    const sort = await t.request('/_api/admin/users/list?sortBy=age', { cookie })
    expect(sort.status).toBe(400)
    expect(sort.json).toMatchObject({
      error: 'Sort by must be one of: displayName, email, createdAt',
      details: { sortBy: ['Sort by must be one of: displayName, email, createdAt'] },
    })
  })

  it('admins may send posts up to the content limit, and the body limit covers them', async () => {
    const { cookie } = await t.signedIn('admin')
    const content = `<p>${'Étoiles. '.repeat((CONTENT_MAX_LENGTH - 7) / 9)}</p>`
    const long = await t.request('/_api/blog/create', {
      json: { title: 'Long read', content, status: 'draft' },
      cookie,
    })
    expect(long.status).toBe(200)
    const tooLong = await t.request('/_api/blog/create', {
      json: { title: 'Too long', content: 'x'.repeat(CONTENT_BODY_BYTES + 10) },
      cookie,
    })
    expect(tooLong.status).toBe(413)
  })

  it('a member cannot send an admin-sized body to an admin endpoint: 403 before anything is read', async () => {
    const { cookie } = await t.signedIn('user')
    const res = await t.request('/_api/blog/create', {
      json: { title: 'x', content: 'x'.repeat(500_000) },
      cookie,
    })
    expect(res.status).toBe(403)
  })

  it.each([[[]], ['a string'], [42], [null]])(
    'a JSON body of the wrong shape (%j) → 400, never 500',
    async (body) => {
      const res = await t.request('/_api/auth/login_with_password', { json: body })
      expect(res.status).toBe(400)
      expect(typeof res.json.error).toBe('string')
    },
  )
})

describe('cross-origin state changes are refused', () => {
  const body = { email: 'a@example.com', password: 'whatever1' }
  it('refuses a foreign Origin', async () => {
    const res = await t.request('/_api/auth/login_with_password', {
      json: body,
      headers: { origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
    expect(res.json).toEqual({ error: HTTP_MESSAGES.crossOrigin })
  })
  it('refuses Sec-Fetch-Site: cross-site even with a matching Origin', async () => {
    const res = await t.request('/_api/auth/logout', {
      json: {},
      headers: { origin: 'http://localhost', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.status).toBe(403)
  })
  it('refuses an opaque (null) Origin', async () => {
    const res = await t.request('/_api/auth/logout', { json: {}, headers: { origin: 'null' } })
    expect(res.status).toBe(403)
  })
  it('accepts the same origin', async () => {
    const res = await t.request('/_api/auth/logout', {
      json: {},
      headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
    })
    expect(res.status).toBe(200)
  })
  it('leaves GET alone', async () => {
    const res = await t.request('/_api/auth/session', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.status).toBe(200)
  })
})

describe('plain routes', () => {
  it('GET /healthz checks the database', async () => {
    const res = await t.request('/healthz')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ status: 'ok', shedding: false })
  })
  it('GET /healthz answers 503 with Retry-After, not 500, when the database is gone', async () => {
    const own = await createTestApp()
    await own.db.destroy()
    const res = await own.app.request('/healthz')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(await res.json()).toEqual({ status: 'database unavailable' })
  })
  it('/ads.txt and the verification route serve their configured line', async () => {
    const ads = await t.request('/ads.txt')
    expect(ads.status).toBe(200)
    expect(ads.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(ads.text).toBe('google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0\n')
    const verify = await t.request('/tiktok-verify.txt')
    expect(verify.text).toBe('tiktok-developers-site-verification=abc123\n')
  })
  it('security headers are on every response', async () => {
    const res = await t.request('/_api/auth/session')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })
})
