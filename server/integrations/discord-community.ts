import { z } from 'zod'
import type {
  DiscordChannelImage,
  DiscordChannelImagesResponse,
  DiscordWidget,
} from '../../contracts/media-constants.ts'
import { SKY_USER_AGENT, parseRetryAfter } from './upstream-fetch.ts'

/**
 * The community side of Discord: the server's public widget (no auth) and the gallery channel's
 * messages read with the bot token. Attachment URLs are signed and expire upstream, so nothing
 * here is meant to be stored: callers cache pages briefly.
 */
export interface DiscordCommunitySettings {
  apiUrl: string
  botToken: string | undefined
}

export type DiscordFailure =
  | { kind: 'missing_access' }
  | { kind: 'missing_permissions' }
  | { kind: 'rate_limited'; retryAfterSeconds: number }
  | { kind: 'unknown_channel' }
  | { kind: 'widget_disabled' }
  | { kind: 'unknown_guild' }
  | { kind: 'unauthorized' }
  | { kind: 'unavailable'; message: string }

export class DiscordCommunityError extends Error {
  readonly failure: DiscordFailure
  constructor(failure: DiscordFailure) {
    super(`discord: ${failure.kind}`)
    this.failure = failure
  }
}

const DiscordErrorBody = z
  .object({
    code: z.number().optional(),
    message: z.string().optional(),
    retry_after: z.number().optional(),
  })
  .loose()

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
  let res: Response
  try {
    res = await fetch(`${settings.apiUrl.replace(/\/$/, '')}${path}`, { signal, headers })
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    throw new DiscordCommunityError({
      kind: 'unavailable',
      message: timedOut ? 'timed out' : 'request failed',
    })
  }
  const type = res.headers.get('content-type') ?? ''
  const text = await res.text().catch(() => '')
  let body: unknown = null
  if (/json/i.test(type)) {
    try {
      body = JSON.parse(text)
    } catch {
      body = null
    }
  }
  if (res.ok) {
    if (body === null)
      throw new DiscordCommunityError({ kind: 'unavailable', message: 'answered non-JSON' })
    return body
  }
  const err = DiscordErrorBody.safeParse(body)
  const code = err.success ? err.data.code : undefined
  if (res.status === 429) {
    const header = parseRetryAfter(res.headers.get('retry-after'))
    const seconds =
      err.success && err.data.retry_after !== undefined
        ? err.data.retry_after
        : header !== null
          ? header / 1000
          : 5
    throw new DiscordCommunityError({
      kind: 'rate_limited',
      retryAfterSeconds: Math.max(1, Math.ceil(seconds)),
    })
  }
  if (code === 50001) throw new DiscordCommunityError({ kind: 'missing_access' })
  if (code === 50013) throw new DiscordCommunityError({ kind: 'missing_permissions' })
  if (code === 50004) throw new DiscordCommunityError({ kind: 'widget_disabled' })
  if (code === 10003) throw new DiscordCommunityError({ kind: 'unknown_channel' })
  if (code === 10004) throw new DiscordCommunityError({ kind: 'unknown_guild' })
  if (res.status === 401) throw new DiscordCommunityError({ kind: 'unauthorized' })
  throw new DiscordCommunityError({ kind: 'unavailable', message: `answered ${res.status}` })
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

/**
 * One page of the channel's messages (newest first), reduced to their image attachments. The
 * cursor for the next page is the oldest message id when the page was full.
 */
export async function getChannelImages(
  settings: DiscordCommunitySettings,
  channelId: string,
  options: { before?: string; limit: number },
  signal: AbortSignal,
): Promise<DiscordChannelImagesResponse> {
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
  const images: DiscordChannelImage[] = []
  let oldest: string | null = null
  for (const raw of body) {
    const m = Message.safeParse(raw)
    if (!m.success) continue
    oldest = m.data.id
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
  }
  return { images, nextCursor: body.length >= options.limit ? oldest : null }
}
