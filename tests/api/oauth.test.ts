import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCORD_STATUS_MESSAGES, OAUTH_ERRORS, SIGN_IN_MESSAGES } from '../../contracts/oauth.ts'
import { FAKE_DISCORD } from '../fakes/discord.ts'
import {
  joinCookies,
  popupMessage,
  signInWithDiscord,
  startAuthorization,
  startFakeDiscord,
} from '../support/oauth-flow.ts'
import { OAUTH_AUTHORIZE_RATE } from '../../server/services/oauth.ts'
import { cookieFrom, createTestApp, type TestApp, testClock } from '../support/test-app.ts'

const clock = testClock()
let t: TestApp
let discord: Awaited<ReturnType<typeof startFakeDiscord>>
beforeAll(async () => {
  discord = await startFakeDiscord()
  t = await createTestApp({ clock, env: discord.env })
})
afterAll(async () => {
  await t?.close()
  await discord?.close()
})

const ESTABLISH = '/_api/auth/establish_session'
let seq = 0
/** A Discord person nobody has seen yet. */
function newcomer(extra: { verified?: boolean; email?: string | null } = {}) {
  seq += 1
  const id = String(900000000000000000n + BigInt(seq) + BigInt(Date.now() % 100000) * 1000n)
  return {
    id,
    username: `stargazer${seq}`,
    global_name: `Star Gazer ${seq}`,
    email: extra.email === undefined ? `stargazer${seq}-${id.slice(-5)}@example.com` : extra.email,
    verified: extra.verified ?? true,
  }
}

async function userCount(): Promise<number> {
  const rows = await t.db.selectFrom('users').select('id').execute()
  return rows.length
}

describe('GET /_api/auth/oauth_authorize', () => {
  it('redirects to Discord with state, PKCE S256 and the scopes, and keeps the state server-side hashed', async () => {
    const res = await t.request('/_api/auth/oauth_authorize?provider=discord')
    expect(res.status).toBe(302)
    const url = new URL(res.headers.get('location') ?? '')
    expect(url.origin + url.pathname).toBe(discord.env.DISCORD_OAUTH_AUTHORIZE_URL)
    const q = url.searchParams
    expect(q.get('response_type')).toBe('code')
    expect(q.get('client_id')).toBe(FAKE_DISCORD.clientId)
    expect(q.get('scope')).toBe('identify email guilds.members.read')
    expect(q.get('redirect_uri')).toBe('http://localhost/_api/auth/oauth_callback/discord')
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const state = q.get('state') ?? ''
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('oauth_state=')) ?? ''
    expect(cookie).toContain(`oauth_state=${state};`)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)

    const rows = await t.db.selectFrom('oauth_states').selectAll().execute()
    expect(rows).toHaveLength(1)
    const row = rows[0]!
    expect(JSON.stringify(rows)).not.toContain(state)
    expect(row).toMatchObject({ provider: 'discord', purpose: 'login', user_id: null })
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(10 * 60 * 1000)
    expect(row.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it.each(['/_api/auth/oauth_authorize', '/_api/auth/oauth_authorize?provider=github'])(
    '%s → 400, and the popup tells its opener (no JSON left hanging in the window)',
    async (path) => {
      const res = await t.request(path)
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.text).toContain('"type":"OAUTH_ERROR"')
      expect(res.text).toContain('"code":"unsupported_provider"')
      expect(res.text).toContain(SIGN_IN_MESSAGES.unsupportedProvider)
    },
  )

  it('answers a 61st start from one network within 15 minutes with a popup page that reports rate_limited', async () => {
    const ip = '198.51.100.61'
    for (let i = 0; i < OAUTH_AUTHORIZE_RATE.limit; i++) {
      const ok = await t.request('/_api/auth/oauth_authorize?provider=discord', { ip })
      expect(ok.status).toBe(302)
    }
    const res = await t.request('/_api/auth/oauth_authorize?provider=discord', { ip })
    expect(res.status).toBe(429)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.text).toContain('"code":"rate_limited"')
    expect(res.text).toContain('Too many sign-in attempts from this network.')
  })

  it('answers 503 with a popup page that reports not_configured when Discord is not configured', async () => {
    const bare = await createTestApp()
    try {
      const res = await bare.request('/_api/auth/oauth_authorize?provider=discord')
      expect(res.status).toBe(503)
      expect(res.text).toContain('"code":"not_configured"')
      expect(res.text).toContain(SIGN_IN_MESSAGES.notConfigured)
    } finally {
      await bare.close()
    }
  })
})

describe('the Discord callback and establish_session', () => {
  it('signs in a new visitor: the popup posts a one-time token to the site origin only, which becomes a session', async () => {
    const person = newcomer()
    const before = await userCount()
    const { stateCookie, callbackPath } = await startAuthorization(t, { user: person })
    const callback = await t.request(callbackPath, { cookie: stateCookie })

    expect(callback.status).toBe(200)
    expect(callback.headers.get('content-type')).toMatch(/^text\/html/)
    const csp = callback.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(callback.text).toContain(`<script nonce="${nonce}">`)
    expect(callback.text).toContain('window.opener.postMessage(message, origin)')
    expect(callback.text).toContain('var origin = "http://localhost";')
    expect(callback.text).not.toMatch(/postMessage\([^)]*['"]\*['"]/)
    expect(callback.headers.getSetCookie().join()).toMatch(/oauth_state=;.*Max-Age=0/i)
    // The popup keeps its opener across Discord's pages; other pages keep the stricter policy.
    expect(callback.headers.get('cross-origin-opener-policy')).toBe('unsafe-none')
    expect((await t.request('/_api/auth/session')).headers.get('cross-origin-opener-policy')).toBe(
      'same-origin-allow-popups',
    )

    const message = popupMessage(callback.text)
    expect(message.type).toBe('OAUTH_TOKEN_SUCCESS')
    const token = message.type === 'OAUTH_TOKEN_SUCCESS' ? message.token : ''
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = await t.db.selectFrom('oauth_temp_tokens').selectAll().execute()
    expect(JSON.stringify(stored)).not.toContain(token)

    // Nothing is signed in until the page exchanges the token.
    expect(cookieFrom(callback.headers)).not.toMatch(/(^|; )session=[^;]/)
    const established = await t.request(ESTABLISH, { json: { tempToken: token } })
    expect(established.status).toBe(200)
    expect(established.json.user).toMatchObject({
      email: person.email,
      displayName: person.global_name,
      role: 'user',
      avatarUrl: null,
    })
    const session = await t.request('/_api/auth/session', {
      cookie: cookieFrom(established.headers),
    })
    expect(session.json.user).toMatchObject({ email: person.email })
    expect(await userCount()).toBe(before + 1)

    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow()
    expect(user.password_hash).toBeNull()
    const account = await t.db
      .selectFrom('oauth_accounts')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(account).toMatchObject({
      provider: 'discord',
      provider_user_id: person.id,
      provider_email: person.email,
      provider_username: person.username,
    })
    // Discord's tokens are kept sealed, with their expiry.
    expect(account.access_token).toMatch(/^v1\./)
    expect(account.access_token).not.toContain('fake-at-')
    expect(Date.parse(account.token_expires_at ?? '')).toBe(clock.now().getTime() + 604800 * 1000)
  })

  it('exchanges the code with a form body, client credentials in Basic auth and the PKCE verifier', async () => {
    const start = discord.fake.requests.length
    await signInWithDiscord(t, { user: newcomer() })
    const tokenCall = discord.fake.requests
      .slice(start)
      .find((r) => r.path === '/discord/api/oauth2/token')
    expect(tokenCall).toBeDefined()
    expect(tokenCall!.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(tokenCall!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${FAKE_DISCORD.clientId}:${FAKE_DISCORD.clientSecret}`).toString('base64')}`,
    )
    const form = new URLSearchParams(tokenCall!.body)
    expect(form.get('grant_type')).toBe('authorization_code')
    expect(form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(form.get('client_secret')).toBeNull()
  })

  it('accepts a temporary token once only', async () => {
    const { stateCookie, callbackPath } = await startAuthorization(t, { user: newcomer() })
    const message = popupMessage((await t.request(callbackPath, { cookie: stateCookie })).text)
    const tempToken = message.type === 'OAUTH_TOKEN_SUCCESS' ? message.token : ''
    const [a, b] = await Promise.all([
      t.request(ESTABLISH, { json: { tempToken } }),
      t.request(ESTABLISH, { json: { tempToken } }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 401])
    const again = await t.request(ESTABLISH, { json: { tempToken } })
    expect(again.status).toBe(401)
    expect(again.json).toEqual({ error: SIGN_IN_MESSAGES.tempTokenInvalid })
  })

  it('refuses a temporary token older than 2 minutes', async () => {
    const { stateCookie, callbackPath } = await startAuthorization(t, { user: newcomer() })
    const message = popupMessage((await t.request(callbackPath, { cookie: stateCookie })).text)
    const tempToken = message.type === 'OAUTH_TOKEN_SUCCESS' ? message.token : ''
    clock.advance(2 * 60 * 1000 + 1000)
    const res = await t.request(ESTABLISH, { json: { tempToken } })
    expect(res.status).toBe(401)
    expect(res.json.error).toBe(SIGN_IN_MESSAGES.tempTokenInvalid)
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it.each([{}, { tempToken: '' }, { tempToken: '   ' }, { tempToken: 42 }])(
    'establish_session %j → 400 Temporary token is required',
    async (body) => {
      const res = await t.request(ESTABLISH, { json: body })
      expect(res.status).toBe(400)
      expect(res.json.error).toBe('Temporary token is required')
      expect(res.json.details).toEqual({ tempToken: ['Temporary token is required'] })
    },
  )

  it('refuses a made-up temporary token', async () => {
    const res = await t.request(ESTABLISH, { json: { tempToken: 'A'.repeat(43) } })
    expect(res.status).toBe(401)
  })

  describe('state checks', () => {
    async function errorCode(path: string, cookie?: string) {
      const res = await t.request(path, { cookie })
      expect(res.status).toBe(200)
      const message = popupMessage(res.text)
      return message.type === 'OAUTH_ERROR' ? message.error : null
    }

    it('refuses a callback whose state does not match the browser that started the sign-in', async () => {
      const first = await startAuthorization(t, { user: newcomer() })
      const second = await startAuthorization(t, { user: newcomer() })
      // The first attempt's callback arriving with the second attempt's cookie.
      const error = await errorCode(first.callbackPath, second.stateCookie)
      expect(error).toEqual({
        code: 'invalid_state',
        message: OAUTH_ERRORS.invalid_state,
        details: null,
      })
    })

    it('refuses a callback without the state cookie (a link sent to someone else)', async () => {
      const { callbackPath } = await startAuthorization(t, { user: newcomer() })
      expect((await errorCode(callbackPath))?.code).toBe('invalid_state')
    })

    it('refuses an unknown or missing state', async () => {
      const { callbackPath, stateCookie } = await startAuthorization(t, { user: newcomer() })
      const forged = callbackPath.replace(/state=[^&]+/, 'state=forged-state-value')
      expect((await errorCode(forged, 'oauth_state=forged-state-value'))?.code).toBe(
        'invalid_state',
      )
      const noState = callbackPath.replace(/&?state=[^&]+/, '')
      expect((await errorCode(noState, stateCookie))?.code).toBe('invalid_state')
    })

    it('uses a state once: replaying the callback is refused', async () => {
      const before = await userCount()
      const { callbackPath, stateCookie } = await startAuthorization(t, { user: newcomer() })
      const first = popupMessage((await t.request(callbackPath, { cookie: stateCookie })).text)
      expect(first.type).toBe('OAUTH_TOKEN_SUCCESS')
      expect((await errorCode(callbackPath, stateCookie))?.code).toBe('invalid_state')
      expect(await userCount()).toBe(before + 1)
    })

    it('refuses a state older than 10 minutes', async () => {
      const { callbackPath, stateCookie } = await startAuthorization(t, { user: newcomer() })
      clock.advance(10 * 60 * 1000 + 1000)
      expect((await errorCode(callbackPath, stateCookie))?.code).toBe('invalid_state')
    })
  })

  it.each([
    ['denied', 'access_denied'],
    ['invalid_grant', 'invalid_grant'],
    ['rate_limited', 'rate_limited'],
  ] as const)('Discord outcome %s → OAUTH_ERROR %s and no account', async (outcome, code) => {
    const before = await userCount()
    const { callbackPath, stateCookie } = await startAuthorization(t, {
      outcome,
      user: newcomer(),
    })
    const message = popupMessage((await t.request(callbackPath, { cookie: stateCookie })).text)
    expect(message).toMatchObject({
      type: 'OAUTH_ERROR',
      error: { code, message: OAUTH_ERRORS[code] },
    })
    if (code === 'rate_limited' && message.type === 'OAUTH_ERROR')
      expect(message.error.details).toBe('Try again in 2 seconds.')
    expect(await userCount()).toBe(before)
  })

  it('never merges silently: a Discord e-mail that belongs to an unlinked account answers account_linking_required', async () => {
    const existing = await t.createUser({ email: 'Owner.Of.Email@example.com' })
    const before = await userCount()
    const { callbackPath, stateCookie } = await startAuthorization(t, {
      user: { ...newcomer(), email: 'owner.of.email@EXAMPLE.com' },
    })
    const message = popupMessage((await t.request(callbackPath, { cookie: stateCookie })).text)
    expect(message).toEqual({
      type: 'OAUTH_ERROR',
      error: {
        code: 'account_linking_required',
        message: OAUTH_ERRORS.account_linking_required,
        details: null,
      },
    })
    expect(await userCount()).toBe(before)
    const links = await t.db
      .selectFrom('oauth_accounts')
      .select('id')
      .where('user_id', '=', existing.id)
      .execute()
    expect(links).toHaveLength(0)
  })

  it('refuses to create an account from an unverified Discord e-mail', async () => {
    const before = await userCount()
    const { callbackPath, stateCookie } = await startAuthorization(t, {
      user: newcomer({ verified: false }),
    })
    const message = popupMessage((await t.request(callbackPath, { cookie: stateCookie })).text)
    expect(message).toMatchObject({ type: 'OAUTH_ERROR', error: { code: 'email_unverified' } })
    expect(await userCount()).toBe(before)
  })

  it('signs a returning Discord member into the same account', async () => {
    const person = newcomer()
    const first = await signInWithDiscord(t, { user: person })
    const before = await userCount()
    const second = await signInWithDiscord(t, {
      user: { ...person, email: `changed-${person.email}` },
    })
    expect(second.user.id).toBe(first.user.id)
    expect(await userCount()).toBe(before)
    const accounts = await t.request('/_api/user/oauth-accounts', { cookie: second.cookie })
    expect(accounts.json).toEqual([
      { provider: 'discord', providerEmail: `changed-${person.email}` },
    ])
  })

  it('signs in a password account once Discord is linked to it', async () => {
    const member = await t.createUser()
    const session = await t.login(member)
    const person = { ...newcomer(), email: member.email }
    const link = await startAuthorization(
      t,
      { user: person },
      {
        start: '/oauth/start?provider=discord',
        cookie: session,
      },
    )
    const linked = await t.request(link.callbackPath, {
      cookie: joinCookies(session, link.stateCookie),
    })
    expect(linked.headers.get('location')).toBe('/members/profile?oauth=connected')
    const viaDiscord = await signInWithDiscord(t, { user: person })
    expect(viaDiscord.user.id).toBe(member.id)
  })
})

describe('GET /oauth/start (connect Discord from the profile)', () => {
  it('refuses a navigation from another site', async () => {
    const { cookie } = await t.signedIn()
    const variants: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/page' },
    ]
    for (const headers of variants) {
      const res = await t.request('/oauth/start?provider=discord', { cookie, headers })
      expect(res.status, JSON.stringify(headers)).toBe(403)
    }
    const own = await t.request('/oauth/start?provider=discord', {
      cookie,
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    expect(own.status).toBe(302)
  })

  it('sends a visitor to /login', async () => {
    const res = await t.request('/oauth/start?provider=discord')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login')
  })

  it('links Discord to the signed-in member and returns to /members/profile', async () => {
    const { user, cookie } = await t.signedIn()
    const person = newcomer()
    const { authorizeUrl, stateCookie, callbackPath } = await startAuthorization(
      t,
      { user: person },
      { start: '/oauth/start?provider=discord', cookie },
    )
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256')
    // Linking shows Discord's consent screen: the member sees which account is attached.
    expect(authorizeUrl.searchParams.get('prompt')).toBe('consent')
    const res = await t.request(callbackPath, { cookie: joinCookies(cookie, stateCookie) })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/members/profile?oauth=connected')
    const accounts = await t.request('/_api/user/oauth-accounts', { cookie })
    expect(accounts.json).toEqual([{ provider: 'discord', providerEmail: person.email }])
    // The e-mail of the site account is not touched by linking.
    const profile = await t.request('/_api/user/profile', { cookie })
    expect(profile.json.user).toMatchObject({ id: user.id, email: user.email })
  })

  it('refuses a Discord account already linked to another member, with a clear message', async () => {
    const person = newcomer()
    await signInWithDiscord(t, { user: person })
    const { cookie } = await t.signedIn()
    const { stateCookie, callbackPath } = await startAuthorization(
      t,
      { user: person },
      { start: '/oauth/start?provider=discord', cookie },
    )
    const res = await t.request(callbackPath, { cookie: joinCookies(cookie, stateCookie) })
    expect(res.headers.get('location')).toBe(
      '/members/profile?oauth_error=already_linked_elsewhere',
    )
    expect(OAUTH_ERRORS.already_linked_elsewhere).toBe(
      'This Discord account is already connected to another account on this site.',
    )
    expect((await t.request('/_api/user/oauth-accounts', { cookie })).json).toEqual([])
  })

  it('refuses to finish a link in another member’s session', async () => {
    const alice = await t.signedIn()
    const bob = await t.signedIn()
    const { stateCookie, callbackPath } = await startAuthorization(
      t,
      { user: newcomer() },
      { start: '/oauth/start?provider=discord', cookie: alice.cookie },
    )
    const res = await t.request(callbackPath, { cookie: joinCookies(bob.cookie, stateCookie) })
    expect(res.headers.get('location')).toBe('/members/profile?oauth_error=session_mismatch')
    expect((await t.request('/_api/user/oauth-accounts', { cookie: alice.cookie })).json).toEqual(
      [],
    )
    expect((await t.request('/_api/user/oauth-accounts', { cookie: bob.cookie })).json).toEqual([])
  })

  it('returns with an error code when the provider is unknown', async () => {
    const { cookie } = await t.signedIn()
    const res = await t.request('/oauth/start?provider=myspace', { cookie })
    expect(res.headers.get('location')).toBe('/members/profile?oauth_error=unsupported_provider')
  })
})

describe('GET /_api/user/oauth-accounts and /_api/user/discord-status', () => {
  it('answers not connected for a member without Discord', async () => {
    const { cookie } = await t.signedIn()
    expect((await t.request('/_api/user/oauth-accounts', { cookie })).json).toEqual([])
    expect((await t.request('/_api/user/discord-status', { cookie })).json).toEqual({
      isConnected: false,
      isInServer: false,
      username: null,
      joinedAt: null,
    })
  })

  it('reads server membership with the member’s token, then serves it from the cache', async () => {
    const person = newcomer()
    const { cookie } = await signInWithDiscord(t, {
      user: person,
      joinedAt: '2024-11-02T18:47:12.529000+00:00',
    })
    const memberCalls = () =>
      discord.fake.requests.filter((r) => r.path.endsWith(`/guilds/${FAKE_DISCORD.guildId}/member`))
        .length
    const before = memberCalls()
    const status = await t.request('/_api/user/discord-status', { cookie })
    expect(status.status).toBe(200)
    expect(status.json).toEqual({
      isConnected: true,
      isInServer: true,
      username: person.username,
      joinedAt: '2024-11-02T18:47:12.529Z',
    })
    const again = await t.request('/_api/user/discord-status', { cookie })
    expect(again.json).toEqual(status.json)
    expect(memberCalls()).toBe(before + 1)
    const call = discord.fake.requests.filter((r) => r.path.endsWith('/member')).at(-1)
    expect(call?.headers.authorization).toMatch(/^Bearer fake-at-/)
  })

  it('says not in the server when Discord answers Unknown Guild', async () => {
    const person = newcomer()
    const { cookie } = await signInWithDiscord(t, { outcome: 'not_in_server', user: person })
    expect((await t.request('/_api/user/discord-status', { cookie })).json).toEqual({
      isConnected: true,
      isInServer: false,
      username: person.username,
      joinedAt: null,
    })
  })

  it('answers 503 when Discord rate-limits and nothing is cached yet', async () => {
    const { cookie } = await signInWithDiscord(t, {
      outcome: 'guild_rate_limited',
      user: newcomer(),
    })
    const res = await t.request('/_api/user/discord-status', { cookie })
    expect(res.status).toBe(503)
    expect(res.json).toEqual({ error: DISCORD_STATUS_MESSAGES.unavailable })
    expect(res.headers.get('retry-after')).toBe('2')
  })

  it('refreshes an expiring access token before asking Discord', async () => {
    const { cookie } = await signInWithDiscord(t, { user: newcomer(), expiresIn: 30 })
    const start = discord.fake.requests.length
    const res = await t.request('/_api/user/discord-status', { cookie })
    expect(res.json.isInServer).toBe(true)
    const refresh = discord.fake.requests.slice(start).find((r) => r.path.endsWith('/oauth2/token'))
    expect(new URLSearchParams(refresh?.body).get('grant_type')).toBe('refresh_token')
  })

  it('asks the member to connect again once Discord no longer accepts the saved token', async () => {
    const { cookie } = await signInWithDiscord(t, { user: newcomer() })
    discord.fake.revokeAccessTokens()
    const res = await t.request('/_api/user/discord-status', { cookie })
    expect(res.status).toBe(502)
    expect(res.json).toEqual({ error: DISCORD_STATUS_MESSAGES.reconnect })
  })

  it('shows each member only their own accounts', async () => {
    const a = newcomer()
    const b = newcomer()
    const alice = await signInWithDiscord(t, { user: a })
    const bob = await signInWithDiscord(t, { user: b })
    expect((await t.request('/_api/user/oauth-accounts', { cookie: alice.cookie })).json).toEqual([
      { provider: 'discord', providerEmail: a.email },
    ])
    expect(
      (await t.request('/_api/user/oauth-accounts?userId=' + alice.user.id, { cookie: bob.cookie }))
        .json,
    ).toEqual([{ provider: 'discord', providerEmail: b.email }])
    expect(
      (await t.request('/_api/user/discord-status', { cookie: bob.cookie })).json.username,
    ).toBe(b.username)
  })
})
