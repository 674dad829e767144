import { describe, expect, it } from 'vitest'
import { MEDIA_MESSAGES, type Video, type VideoListResponse } from '../../contracts/media.ts'
import { FAKE_YOUTUBE } from '../fakes/media.ts'
import { setupMediaApp } from './media-support.ts'

const ctx = setupMediaApp()
const CHANNEL = FAKE_YOUTUBE.channelId

async function sync(channelId: string = CHANNEL, cookie = ctx.admin) {
  return ctx.t.request('/_api/youtube/sync', { json: { channelId }, cookie })
}
async function list(query = '') {
  const res = await ctx.t.request(`/_api/youtube/list${query}`)
  expect(res.status).toBe(200)
  return res.json as unknown as VideoListResponse
}
const calls = (part: string) => ctx.fake.calls.filter((c) => c.path.endsWith(part)).length

describe('POST /_api/youtube/sync', () => {
  it('is for admins only, and needs a channel id', async () => {
    expect((await sync(CHANNEL, '')).status).toBe(401)
    expect((await sync(CHANNEL, ctx.member)).status).toBe(403)
    const empty = await sync('  ')
    expect(empty.status).toBe(400)
    expect(empty.json.error).toBe(MEDIA_MESSAGES.channelIdRequired)
    expect(ctx.fake.calls).toHaveLength(0)
  })

  it('pages through the whole uploads playlist, reads details in batches of 50 and upserts by youtubeId', async () => {
    const first = await sync()
    expect(first.status).toBe(200)
    expect(first.json.message).toBe(MEDIA_MESSAGES.syncResult(120, 120, 0))
    // 120 uploads: 3 playlist pages of 50, then 3 detail calls of at most 50 ids.
    expect(calls('/playlistItems')).toBe(3)
    expect(calls('/videos')).toBe(3)
    const page = await list()
    expect(page.pagination).toEqual({ page: 1, totalPages: 10, total: 120 })
    expect(page.videos).toHaveLength(12)
    const dates = page.videos.map((v) => v.publishedAt)
    expect([...dates].sort().reverse()).toEqual(dates)
    // The private playlist entry is never stored.
    expect(page.videos.some((v) => v.youtubeId === 'privateVid01')).toBe(false)

    ctx.fake.setTitleSuffix(' (remastered)')
    const second = await sync()
    expect(second.json.message).toBe(MEDIA_MESSAGES.syncResult(120, 0, 120))
    const again = await list()
    expect(again.pagination.total).toBe(120)
    expect(again.videos.every((v) => v.title.endsWith(' (remastered)'))).toBe(true)
  })

  it('stores durations and the live state from the video details', async () => {
    await sync()
    const all = (await list('?limit=50')).videos
    const byId = new Map(all.map((v) => [v.youtubeId, v]))
    expect(byId.get('pR7sW2kQx9A')).toMatchObject({
      isLive: true,
      liveState: 'live',
      duration: null,
    })
    expect(byId.get('Lm3Vb8Nq1Zt')).toMatchObject({ isLive: false, duration: 'PT10M42S' })
    expect(byId.get('Qa9Ew4Rd2Uf')).toMatchObject({ liveState: 'completed', duration: 'PT3H12M5S' })
    const live = await list('?isLive=true')
    expect(live.videos.map((v) => v.youtubeId)).toEqual(['pR7sW2kQx9A'])
    const lives = await list('?liveOrRecentLive=true&limit=5')
    expect(lives.videos.map((v) => v.liveState).sort()).toEqual(['completed', 'live'])
  })

  it('explains quota, a bad key and an unknown channel, and loses nothing already stored', async () => {
    await sync()
    const before = (await list()).pagination.total
    ctx.fake.setModes({ youtube: 'quota' })
    const quota = await sync()
    expect(quota.status).toBe(503)
    expect(quota.json.error).toBe(MEDIA_MESSAGES.quotaExceeded)
    ctx.fake.setModes({ youtube: 'bad_key' })
    const key = await sync()
    expect(key.status).toBe(502)
    expect(key.json.error).toBe(MEDIA_MESSAGES.apiKeyInvalid)
    ctx.fake.setModes({ youtube: 'html' })
    const html = await sync()
    expect(html.status).toBe(503)
    expect(html.json.error).toBe(MEDIA_MESSAGES.youtubeUnavailable)
    ctx.fake.setModes({ youtube: 'ok' })
    const unknown = await sync('UC0000000000000000000000')
    expect(unknown.status).toBe(404)
    expect(unknown.json.error).toBe(MEDIA_MESSAGES.channelNotFound('UC0000000000000000000000'))
    expect((await list()).pagination.total).toBe(before)
  })

  it('refuses a malformed channel id before calling YouTube', async () => {
    const res = await sync('not a channel')
    expect(res.status).toBe(400)
    expect(ctx.fake.calls).toHaveLength(0)
  })

  it('announces the videos when a sync changed them, and not when it found nothing new', async () => {
    const heard: string[][] = []
    const stop = ctx.t.services.events.subscribe((topics) => heard.push([...topics]))
    ctx.fake.setTitleSuffix(' (restored)')
    expect((await sync()).status).toBe(200)
    expect(heard).toEqual([['videos']])
    expect((await sync()).json.message).toBe(MEDIA_MESSAGES.syncResult(120, 0, 120))
    expect(heard).toEqual([['videos']])
    stop()
  })
})

describe('the video cache', () => {
  it('lists with page, limit and flags, refusing nonsense', async () => {
    await sync()
    const p2 = await list('?page=2&limit=12')
    expect(p2.pagination.page).toBe(2)
    const p1 = await list('?page=1&limit=12')
    expect(p2.videos[0]!.publishedAt <= p1.videos[11]!.publishedAt).toBe(true)
    for (const bad of ['?page=0', '?limit=0', '?limit=51', '?isLive=yes', '?page=abc']) {
      const res = await ctx.t.request(`/_api/youtube/list${bad}`)
      expect(res.status, bad).toBe(400)
    }
  })

  it('edits title and description, with the spec message for an empty title', async () => {
    await sync()
    const video = (await list()).videos[0] as Video
    const empty = await ctx.t.request('/_api/youtube/update', {
      json: { id: video.id, title: ' ' },
      cookie: ctx.admin,
    })
    expect(empty.status).toBe(400)
    expect(empty.json.error).toBe(MEDIA_MESSAGES.titleRequired)
    const ok = await ctx.t.request('/_api/youtube/update', {
      json: { id: video.id, title: 'A better title', description: null },
      cookie: ctx.admin,
    })
    expect(ok.status).toBe(200)
    expect(ok.json.video as Video).toMatchObject({ title: 'A better title', description: null })
    const missing = await ctx.t.request('/_api/youtube/update', {
      json: { id: 999999, title: 'x' },
      cookie: ctx.admin,
    })
    expect(missing.status).toBe(404)
    const member = await ctx.t.request('/_api/youtube/update', {
      json: { id: video.id, title: 'Hijacked' },
      cookie: ctx.member,
    })
    expect(member.status).toBe(403)
  })

  it('deletes from the cache only', async () => {
    await sync()
    const before = await list()
    const target = before.videos[0] as Video
    const res = await ctx.t.request('/_api/youtube/delete', {
      json: { id: target.id },
      cookie: ctx.admin,
    })
    expect(res.status).toBe(200)
    expect((await list()).pagination.total).toBe(before.pagination.total - 1)
    const again = await ctx.t.request('/_api/youtube/delete', {
      json: { id: target.id },
      cookie: ctx.admin,
    })
    expect(again.status).toBe(404)
    expect(
      (await ctx.t.request('/_api/youtube/delete', { json: { id: true }, cookie: ctx.admin }))
        .status,
    ).toBe(400)
  })
})

describe('GET /_api/youtube/channel-stats', () => {
  it('answers the configured channel, cached for an hour', async () => {
    const first = await ctx.t.request('/_api/youtube/channel-stats')
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ subscriberCount: 24600, viewCount: 1843207, videoCount: 120 })
    await ctx.t.request(`/_api/youtube/channel-stats?channelId=${CHANNEL}`)
    expect(calls('/channels')).toBe(1)
    ctx.clock.advance(61 * 60 * 1000)
    await ctx.t.request('/_api/youtube/channel-stats')
    expect(calls('/channels')).toBe(2)
  })

  it('answers for the site’s own channel only: another id costs no call on the quota', async () => {
    const other = await ctx.t.request(`/_api/youtube/channel-stats?channelId=UC${'x'.repeat(22)}`)
    expect(other.status).toBe(403)
    expect(other.json.error).toBe(MEDIA_MESSAGES.statsOtherChannel)
    expect(calls('/channels')).toBe(0)
  })
})
