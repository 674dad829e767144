import { describe, expect, it } from 'vitest'
import { MEDIA_MESSAGES, type VideoListResponse } from '../../contracts/media.ts'
import { FAKE_YOUTUBE } from '../fakes/media.ts'
import { setupMediaApp } from './media-support.ts'

// No YOUTUBE_API_KEY: the sync reads the channel's public feed.
const ctx = setupMediaApp({ apiKey: false })

describe('YouTube sync without an API key', () => {
  it('falls back to the channel feed (fewer fields) and upserts on a second sync', async () => {
    const res = await ctx.t.request('/_api/youtube/sync', {
      json: { channelId: FAKE_YOUTUBE.channelId },
      cookie: ctx.admin,
    })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe(MEDIA_MESSAGES.syncResult(3, 3, 0))
    expect(ctx.fake.calls.every((c) => c.path.endsWith('/videos.xml'))).toBe(true)
    const list = (await ctx.t.request('/_api/youtube/list')).json as unknown as VideoListResponse
    expect(list.videos[0]).toMatchObject({
      youtubeId: 'pR7sW2kQx9A',
      title: 'LIVE: June solstice sky tour and CME watch',
      duration: null,
      thumbnailUrl: 'https://i3.ytimg.com/vi/pR7sW2kQx9A/hqdefault.jpg',
      viewCount: 1874,
      publishedAt: '2026-06-18T19:00:12.000Z',
    })
    const again = await ctx.t.request('/_api/youtube/sync', {
      json: { channelId: FAKE_YOUTUBE.channelId },
      cookie: ctx.admin,
    })
    expect(again.json.message).toBe(MEDIA_MESSAGES.syncResult(3, 0, 3))
  })

  it('a feed answering 404 is an outage, not a missing channel', async () => {
    ctx.fake.setModes({ feed: 'not_found' })
    const res = await ctx.t.request('/_api/youtube/sync', {
      json: { channelId: FAKE_YOUTUBE.channelId },
      cookie: ctx.admin,
    })
    expect(res.status).toBe(503)
    expect(res.json.error).toBe(MEDIA_MESSAGES.youtubeUnavailable)
  })

  it('channel stats are not configured without a key: 200 {configured: false}', async () => {
    const res = await ctx.t.request('/_api/youtube/channel-stats')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ configured: false })
  })
})
