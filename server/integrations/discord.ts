import { z } from 'zod'
import type { Config } from '../config.ts'

/**
 * Discord's OAuth2 authorization-code grant (with PKCE) and the two user endpoints the members
 * area needs. Requests are made by the server only, with a timeout, and every answer is checked
 * (status, content type, shape) before it is used.
 */
export const DISCORD_SCOPES = ['identify', 'email', 'guilds.members.read'] as const
export const DISCORD_TIMEOUT_MS = 10_000
const USER_AGENT = 'AstroCosmosSite/1.0 (Discord sign-in)'

export type DiscordSettings = Config['discord']
export type DiscordClient = { clientId: string; clientSecret: string }

export type DiscordErrorKind =
  'invalid_grant' | 'unauthorized' | 'not_found' | 'rate_limited' | 'unavailable'

export class DiscordError extends Error {
  readonly kind: DiscordErrorKind
  readonly status: number
  /** Seconds to wait, from a 429's retry_after or Retry-After. */
  readonly retryAfter: number | null

  constructor(
    kind: DiscordErrorKind,
    message: string,
    status = 0,
    retryAfter: number | null = null,
  ) {
    super(message)
    this.kind = kind
    this.status = status
    this.retryAfter = retryAfter
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
  settings: DiscordSettings,
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
  const res = await send(`${settings.apiUrl}/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
  })
  const body = await readJson(res)
  if (res.status === 400 || res.status === 401) {
    // RFC 6749 errors: an expired, reused or foreign code, or refused client credentials.
    const code = z.object({ error: z.string() }).loose().safeParse(body)
    throw new DiscordError(
      'invalid_grant',
      `Discord refused the token request: ${code.success ? code.data.error : res.status}`,
      res.status,
    )
  }
  ensureOk(res, body)
  return parse(DiscordTokenResponse, body, 'token')
}

async function discordGet(
  settings: DiscordSettings,
  path: string,
  accessToken: string,
): Promise<unknown> {
  const res = await send(`${settings.apiUrl}${path}`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  })
  const body = await readJson(res)
  ensureOk(res, body)
  return body
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      headers: { ...init.headers, 'user-agent': USER_AGENT },
      redirect: 'error',
      signal: AbortSignal.timeout(DISCORD_TIMEOUT_MS),
    })
  } catch (error) {
    throw new DiscordError('unavailable', `Discord request failed: ${String(error)}`)
  }
}

/** JSON only when Discord says it is JSON: a gateway or Cloudflare page comes back as HTML. */
async function readJson(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? ''
  if (!type.includes('json')) {
    await res.body?.cancel()
    return null
  }
  try {
    return await res.json()
  } catch {
    return null
  }
}

function ensureOk(res: Response, body: unknown): void {
  if (res.ok) {
    if (body === null)
      throw new DiscordError('unavailable', 'Discord answered without JSON', res.status)
    return
  }
  if (res.status === 429) {
    const parsed = RateLimitBody.safeParse(body)
    const header = Number(res.headers.get('retry-after'))
    const seconds = parsed.success && parsed.data.retry_after ? parsed.data.retry_after : header
    throw new DiscordError(
      'rate_limited',
      'Discord rate limit',
      429,
      Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null,
    )
  }
  if (res.status === 401) throw new DiscordError('unauthorized', 'Discord: unauthorized', 401)
  if (res.status === 404) throw new DiscordError('not_found', 'Discord: not found', 404)
  throw new DiscordError('unavailable', `Discord answered ${res.status}`, res.status)
}

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new DiscordError('unavailable', `Unexpected Discord ${what} payload`)
  return parsed.data
}
