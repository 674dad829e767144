import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_ROUTES } from '../../server/api/routes.ts'
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

  it('a JSON body over 1 MB → 413 JSON', async () => {
    const res = await t.request('/_api/auth/login_with_password', {
      json: { email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) },
    })
    expect(res.status).toBe(413)
    expect(res.json).toEqual({ error: HTTP_MESSAGES.tooLarge })
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
    expect(res.json).toEqual({ status: 'ok' })
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
