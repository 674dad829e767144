import { seal, unseal } from '../../auth/sealed.ts'
import type { Config } from '../../config.ts'
import type { Database } from '../../db/dialect.ts'
import { updateOauthAccount } from '../../db/oauth.ts'
import type { OauthAccountRow, OauthAccountUpdate } from '../../db/schema.ts'
import {
  type DiscordSettings,
  type DiscordTokens,
  refreshDiscordToken,
} from '../../integrations/discord.ts'
import type { Clock } from '../../shared/clock.ts'

/** A token this close to its expiry is refreshed before use. */
const TOKEN_EXPIRY_MARGIN_MS = 60 * 1000

/** Discord's tokens on a linked account: sealed at rest, refreshed when they are about to expire. */
export function createDiscordTokens(deps: {
  db: Database
  clock: Clock
  config: Config
  discord: DiscordSettings
}) {
  const { db, clock, config } = deps
  const settings = deps.discord
  const secret = config.sessionSecret

  /** The sealed tokens and their expiry, as an account stores them. */
  function fields(tokens: DiscordTokens): OauthAccountUpdate {
    const now = clock.now()
    return {
      access_token: seal(secret, tokens.access_token),
      ...(tokens.refresh_token ? { refresh_token: seal(secret, tokens.refresh_token) } : {}),
      token_expires_at: new Date(now.getTime() + tokens.expires_in * 1000).toISOString(),
      updated_at: now.toISOString(),
    }
  }

  return {
    fields,

    /** A usable access token: the stored one while it lasts, else a refreshed one; null if neither. */
    async accessTokenFor(account: OauthAccountRow): Promise<string | null> {
      const access = account.access_token ? unseal(secret, account.access_token) : null
      const expiresAt = account.token_expires_at ? Date.parse(account.token_expires_at) : 0
      if (access && expiresAt - TOKEN_EXPIRY_MARGIN_MS > clock.now().getTime()) return access
      const refresh = account.refresh_token ? unseal(secret, account.refresh_token) : null
      if (!refresh || !settings.oauth) return null
      const tokens = await refreshDiscordToken(settings, settings.oauth, refresh)
      await updateOauthAccount(db, account.id, fields(tokens))
      return tokens.access_token
    },

    /** Revoked or expired for good: the account keeps no token, the member connects again. */
    async forget(account: OauthAccountRow): Promise<void> {
      await updateOauthAccount(db, account.id, {
        access_token: null,
        refresh_token: null,
        token_expires_at: null,
      })
    },
  }
}

export type DiscordTokenStore = ReturnType<typeof createDiscordTokens>
