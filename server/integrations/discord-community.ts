import { z } from 'zod'
import type { DiscordChannelImage, DiscordWidget } from '../../contracts/media-constants.ts'
import { discordRetryAfterMs } from './discord.ts'
import { type UpstreamBudget, UpstreamHeld } from './upstream-budget.ts'
import {
  SKY_USER_AGENT,
  type UpstreamAnswer,
  UpstreamError,
  upstreamRequest,
} from './upstream-fetch.ts'

/**
 * The community side of Discord: the server's public widget (no auth) and the gallery channel's
 * messages read with the bot token. Attachment URLs are signed and expire upstream, so nothing
 * here is meant to be stored: callers cache pages briefly.
 */
export interface DiscordCommunitySettings {
  apiUrl: string
  botToken: string | undefined
  /** The budgets of the bot's calls and of the widget's (Discord limits each on its own). */
  budgets: { bot: UpstreamBudget; widget: UpstreamBudget }
}

export type DiscordFailure =
  | { kind: 'missing_access' }
  | { kind: 'missing_permissions' }
  /** `held`: the budget answered for Discord (see upstream-budget.ts), nothing was sent. */
  | { kind: 'rate_limited'; retryAfterMs: number; held?: boolean }
  | { kind: 'unknown_channel' }
  | { kind: 'widget_disabled' }
  | { kind: 'unknown_guild' }
  | { kind: 'unknown_member' }
  | { kind: 'unauthorized' }
  | { kind: 'unavailable'; message: string; retryAfterMs?: number; held?: boolean }

export class DiscordCommunityError extends Error {
  readonly failure: DiscordFailure
  constructor(failure: DiscordFailure) {
    super(`discord: ${failure.kind}`)
    this.failure = failure
  }
}

const DiscordErrorBody = z.object({ code: z.number().optional() }).loose()

/** Discord's JSON error codes that name what is wrong with the bot or the channel. */
const FAILURE_BY_CODE: Record<number, DiscordFailure> = {
  50001: { kind: 'missing_access' },
  50013: { kind: 'missing_permissions' },
  50004: { kind: 'widget_disabled' },
  10003: { kind: 'unknown_channel' },
  10004: { kind: 'unknown_guild' },
  10007: { kind: 'unknown_member' },
  10013: { kind: 'unknown_member' },
}

/** Without a hint from Discord, a rate-limited gallery tries again after this long. */
const DEFAULT_RETRY_AFTER_MS = 5_000

async function discordGet(
  settings: DiscordCommunitySettings,
  path: string,
  signal: AbortSignal,
  bot: boolean,
): Promise<unknown> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    // Discord refuses bot requests without a DiscordBot user agent.
    'user-agent': bot ? `DiscordBot (${SKY_USER_AGENT})` : SKY_USER_AGENT,
  }
  if (bot) headers.authorization = `Bot ${settings.botToken ?? ''}`
  let answer: UpstreamAnswer
  try {
    answer = await upstreamRequest(`${settings.apiUrl.replace(/\/$/, '')}${path}`, {
      budget: bot ? settings.budgets.bot : settings.budgets.widget,
      signal,
      headers,
    })
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error
    const held = error instanceof UpstreamHeld
    if (held && error.status === 429 && error.retryAfterMs !== null)
      throw new DiscordCommunityError({
        kind: 'rate_limited',
        retryAfterMs: error.retryAfterMs,
        held,
      })
    throw new DiscordCommunityError({
      kind: 'unavailable',
      message: error.message,
      retryAfterMs: error.retryAfterMs ?? undefined,
      held,
    })
  }
  if (answer.ok) {
    if (answer.json === null)
      throw new DiscordCommunityError({ kind: 'unavailable', message: 'answered non-JSON' })
    return answer.json
  }
  if (answer.status === 429) {
    throw new DiscordCommunityError({
      kind: 'rate_limited',
      retryAfterMs: Math.max(1_000, discordRetryAfterMs(answer) ?? DEFAULT_RETRY_AFTER_MS),
    })
  }
  const err = DiscordErrorBody.safeParse(answer.json)
  const known =
    err.success && err.data.code !== undefined ? FAILURE_BY_CODE[err.data.code] : undefined
  if (known) throw new DiscordCommunityError(known)
  if (answer.status === 401) throw new DiscordCommunityError({ kind: 'unauthorized' })
  throw new DiscordCommunityError({ kind: 'unavailable', message: `answered ${answer.status}` })
}

const WidgetResponse = z.object({
  name: z.string(),
  instant_invite: z.string().nullable().optional(),
  presence_count: z.number().int().nonnegative().default(0),
  members: z
    .array(
      z
        .object({
          id: z.string(),
          username: z.string(),
          avatar_url: z.string().nullable().optional(),
          status: z.string().default('online'),
        })
        .loose(),
    )
    .default([]),
})

export async function getGuildWidget(
  settings: DiscordCommunitySettings,
  guildId: string,
  signal: AbortSignal,
): Promise<DiscordWidget> {
  const body = await discordGet(
    settings,
    `/guilds/${encodeURIComponent(guildId)}/widget.json`,
    signal,
    false,
  )
  const parsed = WidgetResponse.safeParse(body)
  if (!parsed.success)
    throw new DiscordCommunityError({ kind: 'unavailable', message: 'unexpected widget shape' })
  const w = parsed.data
  return {
    name: w.name,
    presence_count: w.presence_count,
    instant_invite: w.instant_invite ?? null,
    members: w.members.map((m) => ({
      id: m.id,
      username: m.username,
      avatar_url: m.avatar_url ?? null,
      status: m.status,
    })),
  }
}

const Attachment = z
  .object({
    id: z.string(),
    filename: z.string(),
    proxy_url: z.string(),
    content_type: z.string().optional(),
    width: z.number().nullable().optional(),
    height: z.number().nullable().optional(),
  })
  .loose()

const Message = z
  .object({
    id: z.string(),
    timestamp: z.string(),
    author: z
      .object({ username: z.string(), global_name: z.string().nullable().optional() })
      .loose(),
    attachments: z.array(z.unknown()).default([]),
  })
  .loose()

const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp|avif)$/i

/** content_type is optional upstream: fall back to the file name's extension. */
function isImage(a: z.infer<typeof Attachment>): boolean {
  if (a.content_type) return a.content_type.startsWith('image/')
  return IMAGE_EXTENSIONS.test(a.filename)
}

/** One message of the gallery channel: its id (the cursor) and its image attachments. */
export interface GalleryMessage {
  id: string
  /** The id as a number, for comparing with a cursor. */
  order: bigint
  images: DiscordChannelImage[]
}

/**
 * Up to `limit` of the channel's messages older than `before` (all of the newest without it),
 * newest first, each with its image attachments (possibly none). `full` says the page was full,
 * so older messages may follow.
 */
export async function getChannelMessages(
  settings: DiscordCommunitySettings,
  channelId: string,
  options: { before?: string; limit: number },
  signal: AbortSignal,
): Promise<{ messages: GalleryMessage[]; full: boolean }> {
  const query = new URLSearchParams({ limit: String(options.limit) })
  if (options.before) query.set('before', options.before)
  const body = await discordGet(
    settings,
    `/v10/channels/${encodeURIComponent(channelId)}/messages?${query}`,
    signal,
    true,
  )
  if (!Array.isArray(body))
    throw new DiscordCommunityError({ kind: 'unavailable', message: 'unexpected messages shape' })
  const messages: GalleryMessage[] = []
  for (const raw of body) {
    const m = Message.safeParse(raw)
    if (!m.success || !/^\d{1,20}$/.test(m.data.id)) continue
    const images: DiscordChannelImage[] = []
    for (const rawAttachment of m.data.attachments) {
      const a = Attachment.safeParse(rawAttachment)
      if (!a.success || !isImage(a.data)) continue
      images.push({
        id: a.data.id,
        filename: a.data.filename,
        proxyUrl: a.data.proxy_url,
        width: a.data.width ?? null,
        height: a.data.height ?? null,
        author: { username: m.data.author.global_name || m.data.author.username },
        timestamp: new Date(Date.parse(m.data.timestamp)).toISOString(),
      })
    }
    messages.push({ id: m.data.id, order: BigInt(m.data.id), images })
  }
  messages.sort((x, y) => (x.order > y.order ? -1 : x.order < y.order ? 1 : 0))
  return { messages, full: body.length >= options.limit && messages.length > 0 }
}

const GuildMember = z.object({ joined_at: z.string().nullable().optional() }).loose()

/**
 * A user's membership of the guild, asked with the bot token: when they joined (null when Discord
 * does not say), or null when they are not in it (10007 Unknown Member, 10013 Unknown User).
 */
export async function getGuildMemberById(
  settings: DiscordCommunitySettings,
  guildId: string,
  userId: string,
  signal: AbortSignal,
): Promise<{ joinedAt: string | null } | null> {
  let body: unknown
  try {
    body = await discordGet(
      settings,
      `/v10/guilds/${encodeURIComponent(guildId)}/members/${encodeURIComponent(userId)}`,
      signal,
      true,
    )
  } catch (error) {
    if (error instanceof DiscordCommunityError && error.failure.kind === 'unknown_member')
      return null
    throw error
  }
  const parsed = GuildMember.safeParse(body)
  if (!parsed.success)
    throw new DiscordCommunityError({ kind: 'unavailable', message: 'unexpected member shape' })
  return { joinedAt: parsed.data.joined_at ?? null }
}
