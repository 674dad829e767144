import {
  type DiscordChannelImagesResponse,
  type DiscordWidget,
  MEDIA_MESSAGES,
} from '../../contracts/media-constants.ts'
import type { ChannelImagesQuery } from '../../contracts/media.ts'
import type { Config } from '../config.ts'
import type { Logger } from '../shared/logger.ts'
import { createCachedUpstream, NoDataError } from '../integrations/cached-upstream.ts'
import {
  DiscordCommunityError,
  getChannelImages,
  getGuildWidget,
  type DiscordCommunitySettings,
} from '../integrations/discord-community.ts'
import { retryAfterSeconds } from '../integrations/upstream-fetch.ts'
import {
  BadGateway,
  Forbidden,
  RateLimited,
  Unavailable,
  ValidationError,
} from '../shared/errors.ts'
import type { Clock } from '../shared/clock.ts'

/** Spec: the widget is fresh for 5 minutes. */
export const WIDGET_TTL_MS = 5 * 60 * 1000
/** Attachment URLs are signed and expire upstream: a gallery page is kept only briefly. */
export const GALLERY_PAGE_TTL_MS = 60 * 1000
/** Pages kept at once (channel × cursor × size); the oldest is dropped first. */
const MAX_GALLERY_PAGES = 64

const VIEW_PERMISSIONS = ['VIEW_CHANNEL', 'READ_MESSAGE_HISTORY']

interface GalleryPage {
  expiresAt: number
  value?: DiscordChannelImagesResponse
  pending?: Promise<DiscordChannelImagesResponse>
}

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
    case 'rate_limited': {
      const seconds = retryAfterSeconds(failure.retryAfterMs)
      return new RateLimited(MEDIA_MESSAGES.discordRateLimited, seconds, {
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
        retryAfterSeconds: 30,
        extra: { channelId },
      })
  }
}

export function createDiscordCommunityService(deps: {
  clock: Clock
  logger: Logger
  config: Pick<Config, 'discord' | 'discordCommunity'>
}) {
  const { clock, logger, config } = deps
  const settings: DiscordCommunitySettings = {
    apiUrl: config.discord.apiUrl,
    botToken: config.discordCommunity.botToken,
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

  /** Short-lived pages, single flight per page, bounded in number. */
  const pages = new Map<string, GalleryPage>()

  function remember(key: string, entry: GalleryPage) {
    pages.delete(key)
    if (pages.size >= MAX_GALLERY_PAGES) pages.delete(pages.keys().next().value!)
    pages.set(key, entry)
  }

  return {
    async widget(): Promise<DiscordWidget> {
      if (!widget) throw new Unavailable(MEDIA_MESSAGES.discordNotConfigured)
      try {
        return (await widget.get()).value
      } catch (error) {
        throw new Unavailable(MEDIA_MESSAGES.widgetFailed, {
          retryAfterSeconds: error instanceof NoDataError ? error.retryAfterSeconds : 60,
        })
      }
    },

    async channelImages(query: ChannelImagesQuery): Promise<DiscordChannelImagesResponse> {
      const channelId = query.channelId ?? config.discordCommunity.galleryChannelId
      if (!channelId)
        throw ValidationError.field('channelId', MEDIA_MESSAGES.discordGalleryChannelRequired)
      // The gallery channel only: the bot may see private channels too, and anyone may ask.
      if (channelId !== config.discordCommunity.galleryChannelId)
        throw new Forbidden(MEDIA_MESSAGES.discordChannelNotShown)
      if (!settings.botToken) throw new Unavailable(MEDIA_MESSAGES.discordNotConfigured)
      const key = `${channelId}:${query.before ?? ''}:${query.limit}`
      const now = clock.now().getTime()
      const cached = pages.get(key)
      if (cached && cached.expiresAt > now) {
        if (cached.value) return cached.value
        if (cached.pending) return cached.pending
      }
      const pending = getChannelImages(
        settings,
        channelId,
        { before: query.before, limit: query.limit },
        AbortSignal.timeout(timeoutMs),
      )
      remember(key, { expiresAt: now + GALLERY_PAGE_TTL_MS, pending })
      try {
        const value = await pending
        remember(key, { expiresAt: clock.now().getTime() + GALLERY_PAGE_TTL_MS, value })
        return value
      } catch (error) {
        pages.delete(key)
        logger.error('discord gallery failed', {
          channelId,
          error: error instanceof Error ? error.message : String(error),
        })
        throw galleryError(error, channelId)
      }
    },

    resetCaches(): void {
      widget?.reset('clear')
      pages.clear()
    },
  }
}

export type DiscordCommunityService = ReturnType<typeof createDiscordCommunityService>
