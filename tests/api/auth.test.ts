import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_MESSAGES } from '../../contracts/auth.ts'
import { cookieFrom, createTestApp, type TestApp, testClock } from '../support/test-app.ts'

const clock = testClock()
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ clock })
})
afterAll(async () => {
  await t?.close()
})

const LOGIN = '/_api/auth/login_with_password'

describe('POST /_api/auth/login_with_password', () => {
  it('signs in, answers the user without secrets and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const user = await t.createUser({
      role: 'admin',
      email: 'Admin.Person@Example.com',
      displayName: 'Ada Admin',
    })
    const res = await t.request(LOGIN, {
      json: { email: 'admin.person@example.com', password: user.password },
    })
    expect(res.status).toBe(200)
    expect(res.json.user).toMatchObject({
      email: 'admin.person@example.com',
      displayName: 'Ada Admin',
      role: 'admin',
    })
    expect(JSON.stringify(res.json)).not.toMatch(/argon2|password/i)
    const setCookie = res.headers.getSetCookie()[0] ?? ''
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43};/)
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/)
    expect(setCookie).not.toMatch(/Secure/)

    const session = await t.request('/_api/auth/session', { cookie: cookieFrom(res.headers) })
    expect(session.json).toEqual({ user: res.json.user })
  })

  it('stores argon2id hashes and only an HMAC of the session token', async () => {
    const user = await t.createUser()
    const cookie = await t.login(user)
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.password_hash).toMatch(/^\$argon2id\$/)
    const token = cookie.split('=')[1]!
    const sessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute()
    expect(sessions).toHaveLength(1)
    expect(sessions[0]!.id).not.toContain(token)
    expect(sessions[0]!.id).toMatch(/^[0-9a-f]{64}$/)
  })

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const user = await t.createUser()
    const wrong = await t.request(LOGIN, {
      json: { email: user.email, password: 'not the password' },
      ip: '198.51.100.1',
    })
    const unknown = await t.request(LOGIN, {
      json: { email: 'nobody@example.com', password: 'whatever1' },
      ip: '198.51.100.1',
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.json).toEqual({ error: LOGIN_MESSAGES.invalidCredentials })
    expect(unknown.json).toEqual({ error: LOGIN_MESSAGES.invalidCredentials })
  })

  it.each([
    [{ password: 'x' }, 'email', 'Email is required'],
    [{ email: 'not-an-email', password: 'x' }, 'email', 'Email is required'],
    [{ email: 'a@example.com' }, 'password', 'Password is required'],
    [{ email: 'a@example.com', password: '' }, 'password', 'Password is required'],
  ])('rejects %j with 400 and the spec message', async (body, field, message) => {
    const res = await t.request(LOGIN, { json: body })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(message)
    expect(res.json.details).toMatchObject({ [field]: [message] })
  })

  it('rotates the session id at login: the cookie from before no longer works', async () => {
    const user = await t.createUser()
    const first = await t.login(user)
    const second = await t.request(LOGIN, {
      json: { email: user.email, password: user.password },
      cookie: first,
    })
    expect(second.status).toBe(200)
    const secondCookie = cookieFrom(second.headers)
    expect(secondCookie).not.toBe(first)
    expect((await t.request('/_api/auth/session', { cookie: first })).json).toEqual({ user: null })
    expect(
      (await t.request('/_api/auth/session', { cookie: secondCookie })).json.user,
    ).toMatchObject({ id: user.id })
  })
})

describe('GET /_api/auth/session', () => {
  it('answers user null for a visitor and for a forged cookie', async () => {
    expect((await t.request('/_api/auth/session')).json).toEqual({ user: null })
    const forged = await t.request('/_api/auth/session', { cookie: 'session=' + 'A'.repeat(43) })
    expect(forged.status).toBe(200)
    expect(forged.json).toEqual({ user: null })
  })

  it('expires a session after 30 days without use', async () => {
    const user = await t.createUser()
    const cookie = await t.login(user)
    clock.advance(31 * 24 * 3600 * 1000)
    expect((await t.request('/_api/auth/session', { cookie })).json).toEqual({ user: null })
  })
})

describe('POST /_api/auth/logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const user = await t.createUser()
    const cookie = await t.login(user)
    const res = await t.request('/_api/auth/logout', { json: {}, cookie })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ success: true })
    expect(res.headers.getSetCookie().join()).toMatch(/session=;.*Max-Age=0/i)
    // Replaying the old cookie does not bring the session back.
    expect((await t.request('/_api/auth/session', { cookie })).json).toEqual({ user: null })
    const rows = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute()
    expect(rows).toHaveLength(0)
  })
})

describe('login rate limits', () => {
  it('after 5 wrong passwords from one network that network waits, with a clear 429 and Retry-After', async () => {
    const user = await t.createUser()
    for (let i = 0; i < 5; i++) {
      const res = await t.request(LOGIN, {
        json: { email: user.email, password: 'wrong' },
        ip: '192.0.2.10',
      })
      expect(res.status).toBe(401)
    }
    const locked = await t.request(LOGIN, {
      json: { email: user.email, password: user.password },
      ip: '192.0.2.10',
    })
    expect(locked.status).toBe(429)
    expect(locked.json.error).toBe(
      'Too many failed login attempts for this account. Please try again in 15 minutes.',
    )
    expect(Number(locked.headers.get('retry-after'))).toBe(900)

    clock.advance(15 * 60 * 1000 + 1000)
    const after = await t.request(LOGIN, {
      json: { email: user.email, password: user.password },
      ip: '192.0.2.10',
    })
    expect(after.status).toBe(200)
  })

  it('nobody can lock the owner out: wrong passwords from elsewhere never refuse the right one', async () => {
    const user = await t.createUser({ role: 'admin' })
    // An attacker rotating addresses sends 5 wrong passwords from each of several networks.
    for (let net = 0; net < 4; net++) {
      for (let i = 0; i < 6; i++) {
        await t.request(LOGIN, {
          json: { email: user.email, password: `guess-${i}` },
          ip: `203.0.113.${100 + net}`,
        })
      }
    }
    const owner = await t.request(LOGIN, {
      json: { email: user.email, password: user.password },
      ip: '198.51.100.7',
    })
    expect(owner.status).toBe(200)
  })

  it('a successful login clears the failures of that account', async () => {
    const user = await t.createUser()
    for (let i = 0; i < 4; i++)
      await t.request(LOGIN, { json: { email: user.email, password: 'wrong' }, ip: '192.0.2.50' })
    expect(
      (
        await t.request(LOGIN, {
          json: { email: user.email, password: user.password },
          ip: '192.0.2.50',
        })
      ).status,
    ).toBe(200)
    for (let i = 0; i < 4; i++) {
      expect(
        (
          await t.request(LOGIN, {
            json: { email: user.email, password: 'wrong' },
            ip: '192.0.2.50',
          })
        ).status,
      ).toBe(401)
    }
  })

  it('limits one network to 20 attempts in 15 minutes across accounts', async () => {
    const ip = '198.51.100.200'
    for (let i = 0; i < 20; i++) {
      const res = await t.request(LOGIN, {
        json: { email: `someone${i}@example.com`, password: 'guess' },
        ip,
      })
      expect(res.status).toBe(401)
    }
    const blocked = await t.request(LOGIN, {
      json: { email: 'someone-else@example.com', password: 'guess' },
      ip,
    })
    expect(blocked.status).toBe(429)
    expect(blocked.json.error).toMatch(
      /^Too many login attempts from this network\. Please try again in \d+ minutes?\.$/,
    )
    // Another network is not affected.
    expect(
      (
        await t.request(LOGIN, {
          json: { email: 'x@example.com', password: 'guess' },
          ip: '198.51.100.201',
        })
      ).status,
    ).toBe(401)
  })
})

describe('cookies behind https', () => {
  it('marks the cookie Secure with the __Host- prefix when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://astro.example.org' } })
    try {
      const user = await secure.createUser()
      const res = await secure.request(LOGIN, {
        json: { email: user.email, password: user.password },
      })
      const setCookie = res.headers.getSetCookie()[0] ?? ''
      expect(setCookie).toMatch(/^__Host-session=/)
      expect(setCookie).toMatch(/Secure/)
      expect(setCookie).toMatch(/Path=\//)
    } finally {
      await secure.close()
    }
  })
})
