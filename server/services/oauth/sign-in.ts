import { DEFAULT_ROLE } from '../../../contracts/common-constants.ts'
import {
  type OAuthAccount,
  type OAuthErrorCode,
  OAUTH_ERRORS,
  type OAuthPopupMessage,
  SIGN_IN_MESSAGES,
} from '../../../contracts/oauth.ts'
import { DISPLAY_NAME_MAX } from '../../../contracts/profile.ts'
import { OAUTH_STATE_TTL_MS, pkceChallenge, randomToken } from '../../auth/oauth-state.ts'
import { sessionIdFromToken } from '../../auth/session-cookie.ts'
import type { Config } from '../../config.ts'
import { type Database, inTransaction, isUniqueViolation } from '../../db/dialect.ts'
import {
  deleteExpiredOauthStates,
  deleteExpiredOauthTempTokens,
  findOauthAccount,
  findOauthAccountOfUser,
  insertOauthAccount,
  insertOauthState,
  insertOauthTempToken,
  listOauthAccountsOfUser,
  takeOauthState,
  takeOauthTempToken,
  updateOauthAccount,
} from '../../db/oauth.ts'
import type { OauthAccountUpdate } from '../../db/schema.ts'
import { findUserByEmail, findUserById, insertUser } from '../../db/users.ts'
import {
  DiscordError,
  type DiscordSettings,
  type DiscordTokens,
  type DiscordUser,
  discordAuthorizeUrl,
  exchangeDiscordCode,
  getDiscordUser,
} from '../../integrations/discord.ts'
import type { UpstreamBudgets } from '../../integrations/upstream-budget.ts'
import { retryAfterSeconds } from '../../integrations/upstream-fetch.ts'
import { NotAuthenticated, Unavailable } from '../../shared/errors.ts'
import type { Logger } from '../../shared/logger.ts'
import type { AuthService, IssuedSession, RequestMeta } from '../auth.ts'
import type { Clock } from '../../shared/clock.ts'
import { type RateLimiter, type RateRule, waitPhrase } from '../rate-limiter.ts'
import { toSessionUser } from '../users.ts'
import type { DiscordTokenStore } from './tokens.ts'

export const OAUTH_CALLBACK_PATH = '/_api/auth/oauth_callback/discord'
/** The popup hands the page a token that is good for this long, once. */
export const OAUTH_TEMP_TOKEN_TTL_MS = 2 * 60 * 1000

export const OAUTH_AUTHORIZE_RATE: RateRule = {
  name: 'oauth-authorize-ip',
  limit: 60,
  windowMs: 15 * 60 * 1000,
  message: (s) =>
    `Too many sign-in attempts from this network. Please try again in ${waitPhrase(s)}.`,
}

export const LINKED_REDIRECT = '/members/profile?oauth=connected'
export function linkErrorRedirect(code: OAuthErrorCode): string {
  return `/members/profile?oauth_error=${code}`
}

export type OauthPurpose = 'login' | 'link'

export interface CallbackQuery {
  code?: string
  state?: string
  error?: string
  error_description?: string
}

export type CallbackOutcome =
  { purpose: 'login'; message: OAuthPopupMessage } | { purpose: 'link'; redirectTo: string }

/** A sign-in or link that cannot happen, for a reason the visitor is told. */
class OauthFlowError extends Error {
  readonly code: OAuthErrorCode
  readonly details: string | null
  constructor(code: OAuthErrorCode, details: string | null = null) {
    super(OAUTH_ERRORS[code])
    this.code = code
    this.details = details
  }
}

/** What the Discord side of the site is built from (services/index.ts passes it once). */
export interface OauthDeps {
  db: Database
  clock: Clock
  config: Config
  auth: AuthService
  rateLimiter: RateLimiter
  logger: Logger
  upstreams: UpstreamBudgets
}

/**
 * Signing in with Discord and linking it to an account: the authorization (state and PKCE kept
 * server-side), the callback, and the one-time token the popup hands the page.
 */
export function createDiscordSignIn(
  deps: OauthDeps & { tokens: DiscordTokenStore; discord: DiscordSettings },
) {
  const { db, clock, config, auth, rateLimiter, logger, tokens: tokenStore } = deps
  const settings = deps.discord
  // Domain-separated from session ids, which are HMACs under the same secret.
  const digest = (token: string) => sessionIdFromToken(config.sessionSecret, `oauth:${token}`)

  function requireClient() {
    if (!settings.oauth) throw new Unavailable(SIGN_IN_MESSAGES.notConfigured)
    return settings.oauth
  }

  /** What each Discord sign-in or link refreshes on the account, including a fresh status check. */
  function accountFields(profile: DiscordUser, tokens: DiscordTokens): OauthAccountUpdate {
    return {
      ...tokenStore.fields(tokens),
      provider_email: profile.email?.toLowerCase() ?? null,
      provider_username: profile.username,
      guild_checked_at: null,
    }
  }

  function displayNameOf(profile: DiscordUser): string {
    const name = (profile.global_name?.trim() || profile.username).slice(0, DISPLAY_NAME_MAX)
    return name.length >= 2 ? name : profile.username
  }

  async function signInWithDiscord(profile: DiscordUser, tokens: DiscordTokens): Promise<number> {
    const fields = accountFields(profile, tokens)
    const existing = await findOauthAccount(db, 'discord', profile.id)
    if (existing) {
      await updateOauthAccount(db, existing.id, fields)
      return existing.user_id
    }
    const email = profile.email?.trim().toLowerCase()
    if (!email || profile.verified !== true) throw new OauthFlowError('email_unverified')
    // Never merged silently: whoever owns the e-mail here signs in first and links Discord.
    if (await findUserByEmail(db, email)) throw new OauthFlowError('account_linking_required')
    const now = clock.now().toISOString()
    try {
      return await inTransaction(db, async (trx) => {
        const user = await insertUser(trx, {
          email,
          display_name: displayNameOf(profile),
          role: DEFAULT_ROLE,
          avatar_url: null,
          password_hash: null,
          created_at: now,
          updated_at: now,
        })
        await insertOauthAccount(trx, {
          ...fields,
          user_id: user.id,
          provider: 'discord',
          provider_user_id: profile.id,
          created_at: now,
        })
        return user.id
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      // A second sign-in of the same person won the race, or the e-mail was taken meanwhile.
      const again = await findOauthAccount(db, 'discord', profile.id)
      if (again) return again.user_id
      throw new OauthFlowError('account_linking_required')
    }
  }

  async function linkDiscord(
    userId: number,
    profile: DiscordUser,
    tokens: DiscordTokens,
  ): Promise<void> {
    const fields = accountFields(profile, tokens)
    const existing = await findOauthAccount(db, 'discord', profile.id)
    if (existing && existing.user_id !== userId)
      throw new OauthFlowError('already_linked_elsewhere')
    if (existing) {
      await updateOauthAccount(db, existing.id, fields)
      return
    }
    if (await findOauthAccountOfUser(db, userId, 'discord'))
      throw new OauthFlowError('other_discord_linked')
    try {
      await insertOauthAccount(db, {
        ...fields,
        user_id: userId,
        provider: 'discord',
        provider_user_id: profile.id,
        created_at: clock.now().toISOString(),
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new OauthFlowError('already_linked_elsewhere')
      throw error
    }
  }

  async function issueTempToken(userId: number): Promise<string> {
    const token = randomToken()
    const now = clock.now()
    await insertOauthTempToken(db, {
      id: digest(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + OAUTH_TEMP_TOKEN_TTL_MS).toISOString(),
    })
    return token
  }

  function flowErrorFromDiscord(error: DiscordError): OauthFlowError {
    if (error.kind === 'invalid_grant' || error.kind === 'unauthorized')
      return new OauthFlowError('invalid_grant')
    if (error.kind === 'rate_limited') {
      return new OauthFlowError(
        'rate_limited',
        error.retryAfterMs !== null
          ? `Try again in ${waitPhrase(retryAfterSeconds(error.retryAfterMs))}.`
          : null,
      )
    }
    logger.error('discord oauth failed', {
      kind: error.kind,
      status: error.status,
      error: error.message,
    })
    return new OauthFlowError('discord_unavailable')
  }

  return {
    get signInEnabled(): boolean {
      return settings.oauth !== null
    },

    /** Starts a Discord authorization: a state and PKCE verifier stored server-side, and the URL to send the browser to. */
    async beginAuthorization(params: {
      purpose: OauthPurpose
      userId: number | null
      /** The site's public origin (server/http/origin.ts), where Discord sends the browser back. */
      origin: string
      ip: string
    }): Promise<{ url: string; state: string }> {
      const client = requireClient()
      await rateLimiter.hit(OAUTH_AUTHORIZE_RATE, params.ip)
      const now = clock.now()
      await deleteExpiredOauthStates(db, now.toISOString())
      const state = randomToken()
      const verifier = randomToken()
      const redirectUri = `${params.origin}${OAUTH_CALLBACK_PATH}`
      await insertOauthState(db, {
        id: digest(state),
        provider: 'discord',
        purpose: params.purpose,
        user_id: params.userId,
        code_verifier: verifier,
        redirect_uri: redirectUri,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + OAUTH_STATE_TTL_MS).toISOString(),
      })
      const url = discordAuthorizeUrl(settings, client, {
        state,
        codeChallenge: pkceChallenge(verifier),
        redirectUri,
        // Linking attaches whichever Discord account the browser is signed in to: the member
        // must see and confirm it.
        prompt: params.purpose === 'link' ? 'consent' : 'none',
      })
      return { url, state }
    },

    /** Where Discord sends the browser back: checks the state, exchanges the code, signs in or links. */
    async completeCallback(
      query: CallbackQuery,
      context: { stateCookieMatches: (state: string) => boolean; sessionUserId: number | null },
    ): Promise<CallbackOutcome> {
      const row = query.state ? await takeOauthState(db, digest(query.state)) : undefined
      const purpose: OauthPurpose = row?.purpose === 'link' ? 'link' : 'login'
      try {
        const now = clock.now().getTime()
        if (
          !row ||
          !query.state ||
          row.provider !== 'discord' ||
          Date.parse(row.expires_at) <= now ||
          !context.stateCookieMatches(query.state)
        )
          throw new OauthFlowError('invalid_state')
        if (query.error) {
          throw new OauthFlowError(
            query.error === 'access_denied' ? 'access_denied' : 'invalid_grant',
            query.error_description?.slice(0, 300) ?? null,
          )
        }
        if (!query.code) throw new OauthFlowError('invalid_request')
        const client = settings.oauth
        if (!client) throw new OauthFlowError('not_configured')
        if (purpose === 'link' && (row.user_id === null || row.user_id !== context.sessionUserId))
          throw new OauthFlowError('session_mismatch')

        let tokens: DiscordTokens
        let profile: DiscordUser
        try {
          tokens = await exchangeDiscordCode(settings, client, {
            code: query.code,
            codeVerifier: row.code_verifier,
            redirectUri: row.redirect_uri,
          })
          profile = await getDiscordUser(settings, tokens.access_token)
        } catch (error) {
          if (error instanceof DiscordError) throw flowErrorFromDiscord(error)
          throw error
        }

        if (purpose === 'link' && row.user_id !== null) {
          await linkDiscord(row.user_id, profile, tokens)
          return { purpose, redirectTo: LINKED_REDIRECT }
        }
        const userId = await signInWithDiscord(profile, tokens)
        return {
          purpose: 'login',
          message: { type: 'OAUTH_TOKEN_SUCCESS', token: await issueTempToken(userId) },
        }
      } catch (error) {
        if (!(error instanceof OauthFlowError)) throw error
        if (purpose === 'link') return { purpose, redirectTo: linkErrorRedirect(error.code) }
        return {
          purpose,
          message: {
            type: 'OAUTH_ERROR',
            error: { code: error.code, message: error.message, details: error.details },
          },
        }
      }
    },

    /** Turns the popup's one-time token into a session; a used or expired token is worth nothing. */
    async establishSession(
      tempToken: string,
      meta: RequestMeta,
      previousToken?: string,
    ): Promise<IssuedSession> {
      const now = clock.now()
      const row = await takeOauthTempToken(db, digest(tempToken))
      await deleteExpiredOauthTempTokens(db, now.toISOString())
      if (!row || Date.parse(row.expires_at) <= now.getTime())
        throw new NotAuthenticated(SIGN_IN_MESSAGES.tempTokenInvalid)
      const user = await findUserById(db, row.user_id)
      if (!user) throw new NotAuthenticated(SIGN_IN_MESSAGES.tempTokenInvalid)
      return auth.startSession(toSessionUser(user), meta, previousToken)
    },

    async listAccounts(userId: number): Promise<OAuthAccount[]> {
      const rows = await listOauthAccountsOfUser(db, userId)
      return rows.map((r) => ({ provider: r.provider, providerEmail: r.provider_email }))
    },
  }
}
