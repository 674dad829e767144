import type { DiscordInvite, DiscordMembership } from '../../contracts/discord-invite.ts'
import { DISCORD_INVITE_PAGE_SLUG } from '../../contracts/discord-invite.ts'
import { isNotConfigured } from '../../contracts/features.ts'
import type { SessionUser } from '../../contracts/auth-constants.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/dialect.ts'
import { findOauthAccountOfUser } from '../db/oauth.ts'
import {
  DiscordCommunityError,
  type DiscordCommunitySettings,
  getGuildMemberById,
} from '../integrations/discord-community.ts'
import type { UpstreamBudgets } from '../integrations/upstream-budget.ts'
import type { Clock } from '../shared/clock.ts'
import type { Logger } from '../shared/logger.ts'
import type { DiscordCommunityService } from './discord-community.ts'
import { toIsoUtc } from './oauth/membership.ts'
import type { PageService } from './pages.ts'

/** A member's standing in the server is asked of Discord again after this long. */
export const MEMBER_LOOKUP_TTL_MS = 2 * 60 * 1000
/** Past this many remembered members, the expired ones are forgotten. */
const MEMBER_CACHE_PRUNE_AT = 1_000

/**
 * What /discord-invite shows a member: the creator's text, the server from its widget, the
 * invitation, and whether this member is in the server (asked with the bot token, through the
 * bot's upstream budget, remembered per Discord account for MEMBER_LOOKUP_TTL_MS). Discord being
 * unset or down never fails the page: each part says what it could not learn.
 */
export function createDiscordInviteService(deps: {
  db: Database
  clock: Clock
  logger: Logger
  config: Pick<Config, 'discord' | 'discordCommunity' | 'discordInviteUrl'>
  upstreams: UpstreamBudgets
  community: DiscordCommunityService
  pages: PageService
}) {
  const { db, clock, logger, config, upstreams, community, pages } = deps
  const settings: DiscordCommunitySettings = {
    apiUrl: config.discord.apiUrl,
    botToken: config.discordCommunity.botToken,
    budgets: { bot: upstreams.of('discord-bot'), widget: upstreams.of('discord-widget') },
  }
  const remembered = new Map<string, { value: DiscordMembership; until: number }>()
  const inFlight = new Map<string, Promise<DiscordMembership>>()

  function remember(discordId: string, value: DiscordMembership) {
    const now = clock.now().getTime()
    if (remembered.size >= MEMBER_CACHE_PRUNE_AT)
      for (const [key, entry] of remembered) if (entry.until <= now) remembered.delete(key)
    remembered.set(discordId, { value, until: now + MEMBER_LOOKUP_TTL_MS })
  }

  async function ask(guildId: string, discordId: string): Promise<DiscordMembership> {
    try {
      const member = await getGuildMemberById(
        settings,
        guildId,
        discordId,
        AbortSignal.timeout(config.discordCommunity.timeoutMs),
      )
      const value: DiscordMembership = member
        ? { state: 'member', joinedAt: toIsoUtc(member.joinedAt) }
        : { state: 'not_member' }
      remember(discordId, value)
      return value
    } catch (error) {
      const failure = error instanceof DiscordCommunityError ? error.failure : null
      if (!failure) throw error
      if (!('held' in failure && failure.held))
        logger.error('discord member lookup failed', { kind: failure.kind })
      return { state: 'unknown' }
    }
  }

  async function membership(userId: number): Promise<DiscordMembership> {
    const account = await findOauthAccountOfUser(db, userId, 'discord')
    if (!account) return { state: 'not_linked' }
    const guildId = config.discord.guildId
    if (!guildId || !settings.botToken) return { state: 'unknown' }
    const discordId = account.provider_user_id
    const cached = remembered.get(discordId)
    if (cached && cached.until > clock.now().getTime()) return cached.value
    // One question to Discord per member at a time, however many tabs ask.
    let pending = inFlight.get(discordId)
    if (!pending) {
      pending = ask(guildId, discordId).finally(() => inFlight.delete(discordId))
      inFlight.set(discordId, pending)
    }
    return pending
  }

  async function server(): Promise<
    Pick<DiscordInvite, 'server' | 'serverProblem'> & {
      invite: string | null
    }
  > {
    try {
      const widget = await community.widget()
      if (isNotConfigured(widget))
        return { server: null, serverProblem: 'not_configured', invite: null }
      return {
        server: { name: widget.name, onlineCount: widget.presence_count },
        serverProblem: null,
        invite: widget.instant_invite,
      }
    } catch {
      return { server: null, serverProblem: 'unavailable', invite: null }
    }
  }

  return {
    async forMember(user: SessionUser): Promise<DiscordInvite> {
      const [intro, widget, standing] = await Promise.all([
        pages.find({ slug: DISCORD_INVITE_PAGE_SLUG }, user),
        server(),
        membership(user.id),
      ])
      return {
        intro: intro ? { title: intro.title, content: intro.content } : null,
        server: widget.server,
        serverProblem: widget.serverProblem,
        inviteUrl: widget.invite ?? config.discordInviteUrl ?? null,
        membership: standing,
      }
    },

    resetCaches(): void {
      remembered.clear()
    },
  }
}

export type DiscordInviteService = ReturnType<typeof createDiscordInviteService>
