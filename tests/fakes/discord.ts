import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { FAKE_COMMUNITY } from './media.ts'
import type { FakeHandler } from './server.ts'

/**
 * A fake Discord for tests, written from Discord's documented behaviour and the sample payloads
 * in fixtures/discord: the authorize page (consent is simulated: it redirects straight back with
 * code + state), the token endpoint (form body, client Basic auth, PKCE S256 checked, codes used
 * once), /users/@me and the guild-member call.
 *
 * The outcome is chosen per browser with the `fake_discord` cookie (an encoded FakeDiscordScenario,
 * see scenarioCookie) so parallel tests do not disturb each other; `POST /__discord/mode` sets the
 * default for requests without one.
 */
export const FAKE_DISCORD = {
  clientId: '1385000000000000001',
  clientSecret: 'fake-discord-client-secret',
  guildId: '1198374650298347520',
} as const

export const FAKE_DISCORD_COOKIE = 'fake_discord'

/**
 * The guild as the bot sees it (`GET /guilds/{guild}/members/{user}`): the fixture user (who
 * signs in through the popup by default) is in the server since the fixture's date; the other
 * account is not (404 Unknown Member). Any other id has no route.
 */
export const FAKE_GUILD = {
  memberId: '730294815502245910',
  memberJoinedAt: '2024-11-02T18:47:12.529Z',
  notMemberId: '730294815502245911',
} as const

/** `ok`: the members above; `down`: every lookup answers 502 with an HTML page, as a gateway does. */
export type MemberLookupMode = 'ok' | 'down'

export type FakeDiscordOutcome =
  /** consent given, tokens and user as in the fixtures (with the scenario's user fields) */
  | 'success'
  /** the visitor clicks Cancel on Discord's consent screen */
  | 'denied'
  /** the token endpoint refuses the code */
  | 'invalid_grant'
  /** the token endpoint answers 429 */
  | 'rate_limited'
  /** signs in, but the guild-member call answers 404 Unknown Guild */
  | 'not_in_server'
  /** signs in, but the guild-member call answers 429 */
  | 'guild_rate_limited'

export interface FakeDiscordScenario {
  outcome?: FakeDiscordOutcome
  user?: {
    id?: string
    username?: string
    global_name?: string | null
    email?: string | null
    verified?: boolean
  }
  joinedAt?: string
  /** Lifetime of issued access tokens, in seconds (the fixture says 604800). */
  expiresIn?: number
}

export function encodeScenario(scenario: FakeDiscordScenario): string {
  return Buffer.from(JSON.stringify(scenario)).toString('base64url')
}

/** A cookie for 127.0.0.1 (any port): the popup carries it to the fake's authorize page. */
export function scenarioCookie(scenario: FakeDiscordScenario) {
  return {
    name: FAKE_DISCORD_COOKIE,
    value: encodeScenario(scenario),
    domain: '127.0.0.1',
    path: '/',
  }
}

/** The environment that points the app at a fake Discord served from `baseUrl`. */
export function fakeDiscordEnv(baseUrl: string): Record<string, string> {
  return {
    DISCORD_CLIENT_ID: FAKE_DISCORD.clientId,
    DISCORD_CLIENT_SECRET: FAKE_DISCORD.clientSecret,
    DISCORD_GUILD_ID: FAKE_DISCORD.guildId,
    DISCORD_OAUTH_AUTHORIZE_URL: `${baseUrl}/discord/oauth2/authorize`,
    DISCORD_API_URL: `${baseUrl}/discord/api`,
  }
}

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`./fixtures/discord/${name}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>
}

const TOKEN = fixture('oauth-token')
const USER = fixture('user')
const GUILD_MEMBER = fixture('guild-member')
const ERRORS = {
  unauthorized: fixture('errors/401-unauthorized'),
  unknownGuild: fixture('errors/404-unknown-guild'),
  rateLimited: fixture('errors/429-rate-limited'),
  invalidGrant: fixture('errors/oauth-400-invalid-grant'),
}
const REQUIRED_SCOPES = ['identify', 'email', 'guilds.members.read']

export interface FakeDiscordRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

interface IssuedCode {
  scenario: FakeDiscordScenario
  redirectUri: string
  challenge: string
  used: boolean
}

interface IssuedToken {
  scenario: FakeDiscordScenario
  expiresAt: number
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body))
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function cookieScenario(req: IncomingMessage): FakeDiscordScenario | null {
  const match = (req.headers.cookie ?? '').match(
    new RegExp(`(?:^|;\\s*)${FAKE_DISCORD_COOKIE}=([^;]+)`),
  )
  if (!match?.[1]) return null
  try {
    return JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as FakeDiscordScenario
  } catch {
    return null
  }
}

function rateLimited(res: ServerResponse) {
  json(res, 429, ERRORS.rateLimited, {
    'retry-after': '2',
    'x-ratelimit-global': 'false',
    'x-ratelimit-scope': 'user',
  })
}

export function createFakeDiscord(prefix = '/discord') {
  const codes = new Map<string, IssuedCode>()
  const accessTokens = new Map<string, IssuedToken>()
  const refreshTokens = new Map<string, FakeDiscordScenario>()
  const requests: FakeDiscordRequest[] = []
  let defaultScenario: FakeDiscordScenario = { outcome: 'success' }
  let memberLookup: MemberLookupMode = 'ok'

  function issueTokens(scenario: FakeDiscordScenario) {
    const access = `fake-at-${randomBytes(12).toString('hex')}`
    const refresh = `fake-rt-${randomBytes(12).toString('hex')}`
    const expiresIn = scenario.expiresIn ?? Number(TOKEN.expires_in)
    accessTokens.set(access, { scenario, expiresAt: Date.now() + expiresIn * 1000 })
    refreshTokens.set(refresh, scenario)
    return { ...TOKEN, access_token: access, refresh_token: refresh, expires_in: expiresIn }
  }

  function bearer(req: IncomingMessage): IssuedToken | null {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const issued = token ? accessTokens.get(token) : undefined
    return issued && issued.expiresAt > Date.now() ? issued : null
  }

  function userOf(scenario: FakeDiscordScenario) {
    return { ...USER, ...scenario.user }
  }

  const log =
    (handler: (req: IncomingMessage, res: ServerResponse, url: URL, body: string) => void) =>
    async (req: IncomingMessage, res: ServerResponse, url: URL) => {
      const body = await readBody(req)
      requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body })
      handler(req, res, url, body)
    }

  const authorize = log((req, res, url) => {
    const q = url.searchParams
    const redirectUri = q.get('redirect_uri')
    const state = q.get('state')
    const scopes = (q.get('scope') ?? '').split(' ')
    const problems = [
      q.get('response_type') !== 'code' && 'response_type must be code',
      q.get('client_id') !== FAKE_DISCORD.clientId && 'unknown client_id',
      !redirectUri && 'redirect_uri is required',
      !state && 'state is required',
      !REQUIRED_SCOPES.every((s) => scopes.includes(s)) &&
        `scope must include ${REQUIRED_SCOPES.join(' ')}`,
      q.get('code_challenge_method') !== 'S256' && 'code_challenge_method must be S256',
      !q.get('code_challenge') && 'code_challenge is required',
    ].filter(Boolean)
    if (problems.length || !redirectUri || !state) {
      res
        .writeHead(400, { 'content-type': 'text/plain' })
        .end(`fake discord: ${problems.join('; ')}`)
      return
    }
    const scenario = cookieScenario(req) ?? defaultScenario
    const back = new URL(redirectUri)
    if (scenario.outcome === 'denied') {
      back.searchParams.set('error', 'access_denied')
      back.searchParams.set(
        'error_description',
        'The resource owner or authorization server denied the request',
      )
    } else {
      const code = randomBytes(15).toString('base64url')
      codes.set(code, {
        scenario,
        redirectUri,
        challenge: q.get('code_challenge') ?? '',
        used: false,
      })
      back.searchParams.set('code', code)
    }
    back.searchParams.set('state', state)
    res.writeHead(302, { location: back.toString() }).end()
  })

  const token = log((req, res, _url, body) => {
    if (req.method !== 'POST')
      return json(res, 405, { message: '405: Method Not Allowed', code: 0 })
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return json(res, 400, { error: 'invalid_request', error_description: 'form body required' })
    const expected = `Basic ${Buffer.from(`${FAKE_DISCORD.clientId}:${FAKE_DISCORD.clientSecret}`).toString('base64')}`
    if (req.headers.authorization !== expected) return json(res, 401, { error: 'invalid_client' })
    const form = new URLSearchParams(body)
    if (form.get('grant_type') === 'refresh_token') {
      const scenario = refreshTokens.get(form.get('refresh_token') ?? '')
      if (!scenario) return json(res, 400, ERRORS.invalidGrant)
      refreshTokens.delete(form.get('refresh_token') ?? '')
      return json(res, 200, issueTokens({ ...scenario, expiresIn: undefined }))
    }
    if (form.get('grant_type') !== 'authorization_code')
      return json(res, 400, { error: 'unsupported_grant_type' })
    const code = codes.get(form.get('code') ?? '')
    const verifier = form.get('code_verifier') ?? ''
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    if (
      !code ||
      code.used ||
      code.redirectUri !== form.get('redirect_uri') ||
      code.challenge !== challenge
    )
      return json(res, 400, ERRORS.invalidGrant)
    code.used = true
    if (code.scenario.outcome === 'invalid_grant') return json(res, 400, ERRORS.invalidGrant)
    if (code.scenario.outcome === 'rate_limited') return rateLimited(res)
    return json(res, 200, issueTokens(code.scenario))
  })

  const me = log((req, res) => {
    const issued = bearer(req)
    if (!issued) return json(res, 401, ERRORS.unauthorized)
    json(res, 200, userOf(issued.scenario))
  })

  const guildMember = log((req, res) => {
    const issued = bearer(req)
    if (!issued) return json(res, 401, ERRORS.unauthorized)
    const { scenario } = issued
    if (scenario.outcome === 'not_in_server') return json(res, 404, ERRORS.unknownGuild)
    if (scenario.outcome === 'guild_rate_limited') return rateLimited(res)
    const user = userOf(scenario)
    json(res, 200, {
      ...GUILD_MEMBER,
      joined_at: scenario.joinedAt ?? GUILD_MEMBER.joined_at,
      user: { ...(GUILD_MEMBER.user as object), id: user.id, username: user.username },
    })
  })

  const botMember = (known: boolean) =>
    log((req, res) => {
      if (req.headers.authorization !== `Bot ${FAKE_COMMUNITY.botToken}`)
        return json(res, 401, ERRORS.unauthorized)
      if (memberLookup === 'down')
        return res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>')
      if (!known) return json(res, 404, { message: 'Unknown Member', code: 10007 })
      json(res, 200, {
        ...GUILD_MEMBER,
        user: { ...(GUILD_MEMBER.user as object), id: FAKE_GUILD.memberId },
      })
    })

  const mode = log((req, res, _url, body) => {
    if (req.method !== 'POST') return json(res, 405, { error: 'POST a scenario' })
    try {
      defaultScenario = JSON.parse(body) as FakeDiscordScenario
      json(res, 200, defaultScenario)
    } catch {
      json(res, 400, { error: 'invalid JSON' })
    }
  })

  const routes: Record<string, FakeHandler> = {
    [`${prefix}/oauth2/authorize`]: authorize,
    [`${prefix}/api/oauth2/token`]: token,
    [`${prefix}/api/v10/users/@me`]: me,
    [`${prefix}/api/v10/users/@me/guilds/${FAKE_DISCORD.guildId}/member`]: guildMember,
    [`${prefix}/api/v10/guilds/${FAKE_DISCORD.guildId}/members/${FAKE_GUILD.memberId}`]:
      botMember(true),
    [`${prefix}/api/v10/guilds/${FAKE_DISCORD.guildId}/members/${FAKE_GUILD.notMemberId}`]:
      botMember(false),
    '/__discord/mode': mode,
  }

  return {
    routes,
    requests,
    setMemberLookup(mode: MemberLookupMode) {
      memberLookup = mode
    },
    setDefaultScenario(scenario: FakeDiscordScenario) {
      defaultScenario = scenario
    },
    /** Every issued access token stops working, as when the member revokes the app in Discord. */
    revokeAccessTokens() {
      accessTokens.clear()
      refreshTokens.clear()
    },
  }
}

export type FakeDiscord = ReturnType<typeof createFakeDiscord>
