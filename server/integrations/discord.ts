import { z } from 'zod'
import type { Config } from '../config.ts'
import {
  type UpstreamAnswer,
  UpstreamError,
  type UpstreamRequest,
  parseWith,
  upstreamRequest,
} from './upstream-fetch.ts'
import { type UpstreamBudget, UpstreamHeld } from './upstream-budget.ts'

/**
 * Discord's OAuth2 authorization-code grant (with PKCE) and the two user endpoints the members
 * area needs. Requests are made by the server only, through the upstream client (a deadline, a
 * size limit), and every answer is checked (status, content type, shape) before it is used.
 */
export const DISCORD_SCOPES = ['identify', 'email', 'guilds.members.read'] as const
export const DISCORD_TIMEOUT_MS = 10_000
const USER_AGENT = 'AstroCosmosSite/1.0 (Discord sign-in)'

/** Discord's addresses and the budget its sign-in calls are charged to. */
export type DiscordSettings = Config['discord'] & { budget: UpstreamBudget }
export type DiscordClient = { clientId: string; clientSecret: string }

export type DiscordErrorKind =
  'invalid_grant' | 'unauthorized' | 'not_found' | 'rate_limited' | 'unavailable'

export class DiscordError extends Error {
  readonly kind: DiscordErrorKind
  readonly status: number
  /** Milliseconds to wait, from a 429's retry_after or Retry-After. */
  readonly retryAfterMs: number | null

  constructor(
    kind: DiscordErrorKind,
    message: string,
    status = 0,
    retryAfterMs: number | null = null,
  ) {
    super(message)
    this.kind = kind
    this.status = status
    this.retryAfterMs = retryAfterMs
  }
}

export const DiscordTokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().default(''),
})
export type DiscordTokens = z.infer<typeof DiscordTokenResponse>

export const DiscordUser = z.object({
  id: z.string().regex(/^\d{1,25}$/),
  username: z.string().min(1),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
  email: z.string().nullish(),
  verified: z.boolean().optional(),
})
export type DiscordUser = z.infer<typeof DiscordUser>

export const DiscordGuildMember = z.object({
  joined_at: z.string().nullish(),
  nick: z.string().nullish(),
  user: z.object({ id: z.string(), username: z.string() }).optional(),
})
export type DiscordGuildMember = z.infer<typeof DiscordGuildMember>

const RateLimitBody = z.object({ retry_after: z.number().optional() }).loose()

export function discordAuthorizeUrl(
  settings: Pick<DiscordSettings, 'authorizeUrl'>,
  client: DiscordClient,
  params: {
    state: string
    codeChallenge: string
    redirectUri: string
    /**
     * `consent` shows Discord's screen, so the member sees which Discord account is linked;
     * `none` lets a returning member through sign-in without it.
     */
    prompt: 'consent' | 'none'
  },
): string {
  const url = new URL(settings.authorizeUrl)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', client.clientId)
  url.searchParams.set('scope', DISCORD_SCOPES.join(' '))
  url.searchParams.set('state', params.state)
  url.searchParams.set('redirect_uri', params.redirectUri)
  url.searchParams.set('code_challenge', params.codeChallenge)
  url.searchParams.set('code_challenge_method', 'S256')
  url.searchParams.set('prompt', params.prompt)
  return url.toString()
}

export async function exchangeDiscordCode(
  settings: DiscordSettings,
  client: DiscordClient,
  params: { code: string; codeVerifier: string; redirectUri: string },
): Promise<DiscordTokens> {
  return tokenRequest(settings, client, {
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
    code_verifier: params.codeVerifier,
  })
}

export async function refreshDiscordToken(
  settings: DiscordSettings,
  client: DiscordClient,
  refreshToken: string,
): Promise<DiscordTokens> {
  return tokenRequest(settings, client, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  })
}

export async function getDiscordUser(
  settings: DiscordSettings,
  accessToken: string,
): Promise<DiscordUser> {
  const body = await discordGet(settings, '/v10/users/@me', accessToken)
  return parse(DiscordUser, body, 'user')
}

/** The member's entry in the guild, or null when they are not in it (Discord answers 404). */
export async function getDiscordGuildMember(
  settings: DiscordSettings,
  guildId: string,
  accessToken: string,
): Promise<DiscordGuildMember | null> {
  try {
    const body = await discordGet(
      settings,
      `/v10/users/@me/guilds/${encodeURIComponent(guildId)}/member`,
      accessToken,
    )
    return parse(DiscordGuildMember, body, 'guild member')
  } catch (error) {
    if (error instanceof DiscordError && error.kind === 'not_found') return null
    throw error
  }
}

async function tokenRequest(
  settings: DiscordSettings,
  client: DiscordClient,
  form: Record<string, string>,
): Promise<DiscordTokens> {
  // Discord accepts only a form body here; the client authenticates with HTTP Basic.
  const basic = Buffer.from(
    `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
  ).toString('base64')
  const answer = await send(settings, `${settings.apiUrl}/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
  })
  if (answer.status === 400 || answer.status === 401) {
    // RFC 6749 errors: an expired, reused or foreign code, or refused client credentials.
    const code = z.object({ error: z.string() }).loose().safeParse(answer.json)
    throw new DiscordError(
      'invalid_grant',
      `Discord refused the token request: ${code.success ? code.data.error : answer.status}`,
      answer.status,
    )
  }
  return parse(DiscordTokenResponse, ensureOk(answer), 'token')
}

async function discordGet(
  settings: DiscordSettings,
  path: string,
  accessToken: string,
): Promise<unknown> {
  const answer = await send(settings, `${settings.apiUrl}${path}`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  })
  return ensureOk(answer)
}

/** Never follows a redirect: it would carry the credentials elsewhere. */
async function send(
  settings: DiscordSettings,
  url: string,
  request: Omit<UpstreamRequest, 'budget'>,
): Promise<UpstreamAnswer> {
  try {
    return await upstreamRequest(url, {
      ...request,
      budget: settings.budget,
      headers: { ...request.headers, 'user-agent': USER_AGENT },
      redirect: 'error',
      signal: AbortSignal.timeout(DISCORD_TIMEOUT_MS),
    })
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error
    // Held back after Discord's own 429: the same answer as that 429, without asking again.
    if (error instanceof UpstreamHeld && error.status === 429)
      throw new DiscordError('rate_limited', 'Discord rate limit', 429, error.retryAfterMs)
    throw new DiscordError(
      'unavailable',
      `Discord request failed: ${error.message}`,
      error.status,
      error.retryAfterMs,
    )
  }
}

/**
 * How long Discord asks us to wait, in milliseconds: the JSON body's `retry_after` (seconds, with
 * a fraction) is more precise than the Retry-After header, which is the fallback.
 */
export function discordRetryAfterMs(answer: UpstreamAnswer): number | null {
  const parsed = RateLimitBody.safeParse(answer.json)
  const seconds = parsed.success ? parsed.data.retry_after : undefined
  return seconds !== undefined && seconds >= 0 ? Math.ceil(seconds * 1000) : answer.retryAfterMs
}

/** The JSON body of a 2xx; each refusal as its DiscordError. JSON only when Discord says it is JSON: a gateway or Cloudflare page comes back as HTML. */
function ensureOk(answer: UpstreamAnswer): unknown {
  if (answer.ok) {
    if (answer.json === null)
      throw new DiscordError('unavailable', 'Discord answered without JSON', answer.status)
    return answer.json
  }
  if (answer.status === 429)
    throw new DiscordError('rate_limited', 'Discord rate limit', 429, discordRetryAfterMs(answer))
  if (answer.status === 401) throw new DiscordError('unauthorized', 'Discord: unauthorized', 401)
  if (answer.status === 404) throw new DiscordError('not_found', 'Discord: not found', 404)
  throw new DiscordError('unavailable', `Discord answered ${answer.status}`, answer.status)
}

function parse<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  try {
    return parseWith(schema, body)
  } catch {
    throw new DiscordError('unavailable', `Unexpected Discord ${what} payload`)
  }
}
