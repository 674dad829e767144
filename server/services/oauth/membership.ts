import { type DiscordStatus, DISCORD_STATUS_MESSAGES } from '../../../contracts/oauth.ts'
import type { Database } from '../../db/dialect.ts'
import { findOauthAccountOfUser, updateOauthAccount } from '../../db/oauth.ts'
import type { OauthAccountRow } from '../../db/schema.ts'
import {
  DiscordError,
  type DiscordSettings,
  getDiscordGuildMember,
} from '../../integrations/discord.ts'
import { retryAfterSeconds } from '../../integrations/upstream-fetch.ts'
import { BadGateway, Unavailable } from '../../shared/errors.ts'
import type { Logger } from '../../shared/logger.ts'
import type { Clock } from '../../shared/clock.ts'
import type { DiscordTokenStore } from './tokens.ts'

/** Server membership is asked of Discord again after this long, and at every Discord sign-in. */
export const DISCORD_STATUS_TTL_MS = 15 * 60 * 1000

const NOT_CONNECTED: DiscordStatus = {
  isConnected: false,
  isInServer: false,
  username: null,
  joinedAt: null,
}

/** Discord writes microseconds and an offset (2024-11-02T18:47:12.529000+00:00). */
export function toIsoUtc(value: string | null | undefined): string | null {
  if (!value) return null
  const ms = Date.parse(value.replace(/(\.\d{3})\d+/, '$1'))
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null
}

function cachedStatus(account: OauthAccountRow): DiscordStatus {
  return {
    isConnected: true,
    isInServer: account.guild_member === 1,
    username: account.provider_username,
    joinedAt: account.guild_member === 1 ? account.guild_joined_at : null,
  }
}

/** Whether a member's linked Discord account is in the community's server, asked with their token. */
export function createDiscordMembership(deps: {
  db: Database
  clock: Clock
  logger: Logger
  tokens: DiscordTokenStore
  discord: DiscordSettings
}) {
  const { db, clock, logger, tokens } = deps
  const settings = deps.discord
  const statusInFlight = new Map<number, Promise<DiscordStatus>>()

  async function checkMembership(
    account: OauthAccountRow,
    guildId: string,
  ): Promise<DiscordStatus> {
    const cached = account.guild_checked_at ? cachedStatus(account) : null
    try {
      const token = await tokens.accessTokenFor(account)
      if (!token) throw new DiscordError('unauthorized', 'no usable Discord token')
      const member = await getDiscordGuildMember(settings, guildId, token)
      const joinedAt = member ? toIsoUtc(member.joined_at) : null
      await updateOauthAccount(db, account.id, {
        guild_checked_at: clock.now().toISOString(),
        guild_member: member ? 1 : 0,
        guild_joined_at: joinedAt,
      })
      return {
        isConnected: true,
        isInServer: member !== null,
        username: account.provider_username,
        joinedAt,
      }
    } catch (error) {
      if (!(error instanceof DiscordError)) throw error
      if (error.kind === 'unauthorized' || error.kind === 'invalid_grant') {
        await tokens.forget(account)
        throw new BadGateway(DISCORD_STATUS_MESSAGES.reconnect)
      }
      if (cached) return cached
      if (error.kind !== 'rate_limited')
        logger.error('discord status failed', { kind: error.kind, status: error.status })
      throw new Unavailable(DISCORD_STATUS_MESSAGES.unavailable, {
        retryAfterSeconds:
          error.retryAfterMs !== null ? retryAfterSeconds(error.retryAfterMs) : undefined,
      })
    }
  }

  return {
    /** Connected or not, and whether the member is in the community's server (cached, see DISCORD_STATUS_TTL_MS). */
    async discordStatus(userId: number): Promise<DiscordStatus> {
      const account = await findOauthAccountOfUser(db, userId, 'discord')
      if (!account) return NOT_CONNECTED
      const guildId = settings.guildId
      if (!guildId) {
        return {
          isConnected: true,
          isInServer: false,
          username: account.provider_username,
          joinedAt: null,
        }
      }
      const checkedAt = account.guild_checked_at ? Date.parse(account.guild_checked_at) : null
      if (checkedAt !== null && clock.now().getTime() - checkedAt < DISCORD_STATUS_TTL_MS)
        return cachedStatus(account)
      // One request to Discord per member at a time, however many tabs ask.
      let pending = statusInFlight.get(userId)
      if (!pending) {
        pending = checkMembership(account, guildId).finally(() => statusInFlight.delete(userId))
        statusInFlight.set(userId, pending)
      }
      return pending
    },
  }
}
