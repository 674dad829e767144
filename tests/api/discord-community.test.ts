import { describe, expect, it } from 'vitest'
import {
  type DiscordChannelImagesResponse,
  type DiscordWidget,
  MEDIA_MESSAGES,
} from '../../contracts/media.ts'
import { FAKE_COMMUNITY } from '../fakes/media.ts'
import { setupMediaApp } from './media-support.ts'

const ctx = setupMediaApp()
const widgetCalls = () => ctx.fake.calls.filter((c) => c.path.endsWith('/widget.json')).length
const galleryCalls = () => ctx.fake.calls.filter((c) => c.path.endsWith('/messages')).length
const images = (query = '') => ctx.t.request(`/_api/discord/channel-images${query}`)

describe('GET /_api/discord/widget', () => {
  it('answers the server name, online count, members and invite, cached for 5 minutes', async () => {
    const res = await ctx.t.request('/_api/discord/widget')
    expect(res.status).toBe(200)
    const widget = res.json as unknown as DiscordWidget
    expect(widget.name).toBe('Astro Radio Community')
    expect(widget.instant_invite).toBe('https://discord.com/invite/Xk7pQ2vR')
    expect(widget.presence_count).toBeGreaterThan(0)
    expect(Object.keys(widget.members[0]!).sort()).toEqual([
      'avatar_url',
      'id',
      'status',
      'username',
    ])
    await ctx.t.request('/_api/discord/widget')
    expect(widgetCalls()).toBe(1)
    ctx.clock.advance(5 * 60 * 1000 + 1)
    await ctx.t.request('/_api/discord/widget')
    expect(widgetCalls()).toBe(2)
  })

  it('answers {error} when the widget is disabled and there is no earlier copy', async () => {
    ctx.fake.setModes({ widget: 'disabled' })
    const res = await ctx.t.request('/_api/discord/widget')
    expect(res.status).toBe(503)
    expect(res.json.error).toBe(MEDIA_MESSAGES.widgetFailed)
  })
})

describe('GET /_api/discord/channel-images', () => {
  it('lists image attachments only, newest first, with a cursor to the next page', async () => {
    const res = await images('?limit=20')
    expect(res.status).toBe(200)
    const page = res.json as unknown as DiscordChannelImagesResponse
    expect(page.images.length).toBeGreaterThan(0)
    expect(page.images.every((i) => /\.(jpe?g|png|webp)$/.test(i.filename))).toBe(true)
    expect(Object.keys(page.images[0]!).sort()).toEqual(
      ['author', 'filename', 'height', 'id', 'proxyUrl', 'timestamp', 'width'].sort(),
    )
    const times = page.images.map((i) => i.timestamp)
    expect([...times].sort().reverse()).toEqual(times)
    expect(page.nextCursor).toMatch(/^\d{17,20}$/)

    // Walking the cursor reaches the end, every image exactly once.
    const seen = [...page.images]
    let cursor = page.nextCursor
    for (let i = 0; cursor && i < 10; i++) {
      const next = (await images(`?limit=20&before=${cursor}`))
        .json as unknown as DiscordChannelImagesResponse
      seen.push(...next.images)
      cursor = next.nextCursor
    }
    expect(cursor).toBeNull()
    expect(new Set(seen.map((i) => i.id)).size).toBe(seen.length)
    expect(seen).toHaveLength(ctx.fake.galleryImageCount)
  })

  it('keeps a page briefly: the same request within a minute reads Discord once', async () => {
    await images('?limit=10')
    await images('?limit=10')
    expect(galleryCalls()).toBe(1)
    ctx.clock.advance(61 * 1000)
    await images('?limit=10')
    expect(galleryCalls()).toBe(2)
  })

  it('shows the gallery channel only: another channel the bot can see is refused without a call', async () => {
    const named = await images(`?channelId=${FAKE_COMMUNITY.galleryChannelId}&limit=7`)
    expect(named.status).toBe(200)
    const before = galleryCalls()
    const other = await images('?channelId=99999999999999999')
    expect(other.status).toBe(403)
    expect(other.json.error).toBe(MEDIA_MESSAGES.discordChannelNotShown)
    expect(galleryCalls()).toBe(before)
  })

  it('validates channelId, before and limit (1 to 100)', async () => {
    for (const q of ['?limit=0', '?limit=101', '?limit=x', '?before=abc', '?channelId=general']) {
      const res = await images(q)
      expect(res.status, q).toBe(400)
    }
    expect(galleryCalls()).toBe(0)
  })

  it('answers the spec error payload for missing access, missing permissions and rate limits', async () => {
    ctx.fake.setModes({ gallery: 'missing_access' })
    const access = await images()
    expect(access.status).toBe(502)
    expect(access.json).toMatchObject({
      error: MEDIA_MESSAGES.discordMissingAccess,
      channelId: FAKE_COMMUNITY.galleryChannelId,
      permissionsNeeded: ['VIEW_CHANNEL', 'READ_MESSAGE_HISTORY'],
    })
    expect(access.json.troubleshooting).toEqual(expect.arrayContaining([expect.any(String)]))
    expect(typeof access.json.details).toBe('string')

    ctx.fake.setModes({ gallery: 'missing_permissions' })
    const perms = await images()
    expect(perms.status).toBe(502)
    expect(perms.json.error).toBe(MEDIA_MESSAGES.discordMissingPermissions)

    // Discord's limit, not the visitor's: 503, and nobody asks Discord again for 2 s.
    ctx.fake.setModes({ gallery: 'rate_limited' })
    const limited = await images()
    expect(limited.status).toBe(503)
    expect(limited.json).toMatchObject({ error: MEDIA_MESSAGES.discordRateLimited, retryAfter: 2 })
    expect(limited.headers.get('retry-after')).toBe('2')

    ctx.clock.advance(2_000)
    ctx.fake.setModes({ gallery: 'down' })
    const down = await images()
    expect(down.status).toBe(503)
    expect(down.json.error).toBe(MEDIA_MESSAGES.discordLoadFailed)
  })
})

describe('without a gallery channel configured', () => {
  const bare = setupMediaApp({ env: { DISCORD_GALLERY_CHANNEL_ID: '' } })
  it('answers 200 {configured: false}, and shows no channel a visitor names', async () => {
    const res = await bare.t.request('/_api/discord/channel-images')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ configured: false })
    const given = await bare.t.request(
      `/_api/discord/channel-images?channelId=${FAKE_COMMUNITY.galleryChannelId}&limit=5`,
    )
    expect(given.status).toBe(403)
    expect(given.json.error).toBe(MEDIA_MESSAGES.discordChannelNotShown)
  })
})

describe('without a bot token or a Discord server', () => {
  const bare = setupMediaApp({ env: { DISCORD_BOT_TOKEN: '', DISCORD_GUILD_ID: '' } })
  it('the gallery and the widget answer 200 {configured: false} without calling Discord', async () => {
    const gallery = await bare.t.request('/_api/discord/channel-images?limit=5')
    expect(gallery.status).toBe(200)
    expect(gallery.json).toEqual({ configured: false })
    const widget = await bare.t.request('/_api/discord/widget')
    expect(widget.status).toBe(200)
    expect(widget.json).toEqual({ configured: false })
    expect(bare.fake.calls).toEqual([])
  })
})
