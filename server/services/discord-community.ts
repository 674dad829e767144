import {
  type DiscordChannelImagesResponse,
  type DiscordWidget,
  MEDIA_MESSAGES,
} from '../../contracts/media-constants.ts'
import { NOT_CONFIGURED, type NotConfigured } from '../../contracts/features.ts'
import type { ChannelImagesQuery } from '../../contracts/media.ts'
import type { Config } from '../config.ts'
import type { Logger } from '../shared/logger.ts'
import { createCachedUpstream, NoDataError } from '../integrations/cached-upstream.ts'
import {
  DiscordCommunityError,
  type DiscordCommunitySettings,
  type GalleryMessage,
  getChannelMessages,
  getGuildWidget,
} from '../integrations/discord-community.ts'
import type { UpstreamBudgets } from '../integrations/upstream-budget.ts'
import { retryAfterSeconds } from '../integrations/upstream-fetch.ts'
import { BadGateway, Forbidden, Unavailable } from '../shared/errors.ts'
import type { Clock } from '../shared/clock.ts'

/** Spec: the widget is fresh for 5 minutes. */
export const WIDGET_TTL_MS = 5 * 60 * 1000
/** Attachment URLs are signed and expire upstream: the gallery is read again after a minute. */
export const GALLERY_READING_TTL_MS = 60 * 1000
/** While Discord cannot be asked, the previous reading stands in for this long. */
export const GALLERY_MAX_STALE_MS = 10 * 60 * 1000
/** Discord's largest page of messages: the gallery always asks for this many and cuts pages from them. */
export const GALLERY_CHUNK_SIZE = 100
/** How far back the gallery reaches: 10 pages of Discord's, the newest 1,000 messages. */
export const GALLERY_MAX_CHUNKS = 10

const VIEW_PERMISSIONS = ['VIEW_CHANNEL', 'READ_MESSAGE_HISTORY']

/**
 * One reading of the gallery channel: its newest messages, fetched GALLERY_CHUNK_SIZE at a time
 * from the newest down, only as far as visitors' cursors have asked. Every visitor's page, whatever
 * its `before` and `limit`, is cut from it, so Discord is asked at most GALLERY_MAX_CHUNKS times per
 * reading, and only with cursors the server chose.
 */
interface GalleryReading {
  startedAt: number
  /** Newest first, strictly decreasing ids. */
  messages: GalleryMessage[]
  pages: number
  /** The channel has no older message, or the reading is as long as it may grow. */
  complete: boolean
  /** The next chunk being fetched: one at a time, shared by everyone waiting for it. */
  extending: Promise<void> | null
}

/** A page that needs messages the stale reading does not hold. */
class NotInReading extends Error {}

/** The spec's gallery error payload: what went wrong and what the owner can do about it. */
function galleryError(error: unknown, channelId: string): Error {
  const failure = error instanceof DiscordCommunityError ? error.failure : null
  switch (failure?.kind) {
    case 'missing_access':
      return new BadGateway(MEDIA_MESSAGES.discordMissingAccess, {
        extra: {
          details: 'Discord answered 50001 Missing Access for this channel.',
          permissionsNeeded: VIEW_PERMISSIONS,
          channelId,
          troubleshooting: [
            'Invite the bot to the server that owns the channel.',
            'Give the bot View Channel and Read Message History on this channel.',
            'Check that DISCORD_GALLERY_CHANNEL_ID names the right channel.',
          ],
        },
      })
    case 'missing_permissions':
      return new BadGateway(MEDIA_MESSAGES.discordMissingPermissions, {
        extra: {
          details: 'Discord answered 50013 Missing Permissions for this channel.',
          permissionsNeeded: VIEW_PERMISSIONS,
          channelId,
          troubleshooting: [
            "Give the bot's role View Channel and Read Message History on this channel.",
            'Enable the Message Content intent for the bot, or attachments come back empty.',
          ],
        },
      })
    // Discord's limit, not the visitor's doing: 503, as for any upstream that asks us to wait.
    case 'rate_limited': {
      const seconds = retryAfterSeconds(failure.retryAfterMs)
      return new Unavailable(MEDIA_MESSAGES.discordRateLimited, {
        retryAfterSeconds: seconds,
        extra: { retryAfter: seconds, channelId },
      })
    }
    case 'unknown_channel':
      return new BadGateway(MEDIA_MESSAGES.discordLoadFailed, {
        extra: { details: 'Discord does not know this channel.', channelId },
      })
    case 'unauthorized':
      return new BadGateway(MEDIA_MESSAGES.discordLoadFailed, {
        extra: { details: 'Discord refused the bot token. Check DISCORD_BOT_TOKEN.', channelId },
      })
    default:
      return new Unavailable(MEDIA_MESSAGES.discordLoadFailed, {
        retryAfterSeconds:
          failure?.kind === 'unavailable' && failure.retryAfterMs !== undefined
            ? retryAfterSeconds(failure.retryAfterMs)
            : 30,
        extra: { channelId },
      })
  }
}

export function createDiscordCommunityService(deps: {
  clock: Clock
  logger: Logger
  config: Pick<Config, 'discord' | 'discordCommunity'>
  upstreams: UpstreamBudgets
}) {
  const { clock, logger, config, upstreams } = deps
  const settings: DiscordCommunitySettings = {
    apiUrl: config.discord.apiUrl,
    botToken: config.discordCommunity.botToken,
    budgets: { bot: upstreams.of('discord-bot'), widget: upstreams.of('discord-widget') },
  }
  const timeoutMs = config.discordCommunity.timeoutMs
  const guildId = config.discord.guildId
  const widget = guildId
    ? createCachedUpstream<DiscordWidget>({
        name: 'discord-widget',
        ttlMs: WIDGET_TTL_MS,
        timeoutMs,
        clock,
        logger,
        load: (signal) => getGuildWidget(settings, guildId, signal),
      })
    : null

  let current: GalleryReading | null = null
  /** The last reading that holds messages, served while a newer one cannot be made. */
  let previous: GalleryReading | null = null

  function readingAt(now: number): GalleryReading {
    if (current && now < current.startedAt + GALLERY_READING_TTL_MS) return current
    if (current && current.pages > 0) previous = current
    current = { startedAt: now, messages: [], pages: 0, complete: false, extending: null }
    return current
  }

  function extend(reading: GalleryReading, channelId: string): Promise<void> {
    reading.extending ??= getChannelMessages(
      settings,
      channelId,
      { before: reading.messages.at(-1)?.id, limit: GALLERY_CHUNK_SIZE },
      AbortSignal.timeout(timeoutMs),
    )
      .then(({ messages, full }) => {
        reading.messages.push(...messages)
        reading.pages += 1
        if (!full || reading.pages >= GALLERY_MAX_CHUNKS) reading.complete = true
      })
      .finally(() => {
        reading.extending = null
      })
    return reading.extending
  }

  /**
   * The visitor's page cut from a reading: `limit` messages older than `before`. Without `grow`
   * the reading is used as it stands, and a page it cannot answer throws NotInReading.
   */
  async function pageOf(
    reading: GalleryReading,
    query: { before?: string; limit: number },
    grow: ((reading: GalleryReading) => Promise<void>) | null,
  ): Promise<DiscordChannelImagesResponse> {
    const at = async (index: number): Promise<GalleryMessage | null> => {
      while (index >= reading.messages.length && !reading.complete) {
        if (!grow) throw new NotInReading()
        await grow(reading)
      }
      return reading.messages[index] ?? null
    }
    const before = query.before === undefined ? null : BigInt(query.before)
    let index = 0
    if (before !== null) {
      for (let m = await at(index); m && m.order >= before; m = await at(index)) index += 1
    }
    const taken: GalleryMessage[] = []
    while (taken.length < query.limit) {
      const m = await at(index)
      if (!m) break
      taken.push(m)
      index += 1
    }
    const more = index < reading.messages.length || !reading.complete
    return {
      images: taken.flatMap((m) => m.images),
      nextCursor: taken.length === query.limit && more ? taken.at(-1)!.id : null,
    }
  }

  return {
    async widget(): Promise<DiscordWidget | NotConfigured> {
      if (!widget) return NOT_CONFIGURED
      try {
        return (await widget.get()).value
      } catch (error) {
        throw new Unavailable(MEDIA_MESSAGES.widgetFailed, {
          retryAfterSeconds: error instanceof NoDataError ? error.retryAfterSeconds : 60,
        })
      }
    },

    async channelImages(
      query: ChannelImagesQuery,
    ): Promise<DiscordChannelImagesResponse | NotConfigured> {
      const gallery = config.discordCommunity.galleryChannelId
      const channelId = query.channelId ?? gallery
      // The gallery channel only: the bot may see private channels too, and anyone may ask.
      if (query.channelId !== undefined && query.channelId !== gallery)
        throw new Forbidden(MEDIA_MESSAGES.discordChannelNotShown)
      if (!channelId || !settings.botToken) return NOT_CONFIGURED
      const now = clock.now().getTime()
      const reading = readingAt(now)
      try {
        return await pageOf(reading, query, (r) => extend(r, channelId))
      } catch (error) {
        const stale = previous && now - previous.startedAt < GALLERY_MAX_STALE_MS ? previous : null
        if (stale && stale !== reading) {
          const page = await pageOf(stale, query, null).catch(() => null)
          if (page) return page
        }
        const failure = error instanceof DiscordCommunityError ? error.failure : null
        if (!(failure && 'held' in failure && failure.held))
          logger.error('discord gallery failed', {
            channelId,
            error: error instanceof Error ? error.message : String(error),
          })
        throw galleryError(error, channelId)
      }
    },

    resetCaches(): void {
      widget?.reset('clear')
      current = null
      previous = null
      upstreams.reset('discord-bot', 'discord-widget')
    },
  }
}

export type DiscordCommunityService = ReturnType<typeof createDiscordCommunityService>
