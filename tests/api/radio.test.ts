import superjson from 'superjson'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RADIO_MESSAGES, type RadioNowPlaying, type RadioStation } from '../../contracts/radio.ts'
import { azuracastFakeEnv, createFakeAzuracast, type FakeAzuracast } from '../fakes/azuracast.ts'
import { startFakeUpstreams } from '../fakes/server.ts'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'

const clock = testClock()
let t: TestApp
let fake: FakeAzuracast
let close: () => Promise<void>
beforeAll(async () => {
  fake = createFakeAzuracast({ holdMs: 5000 })
  const upstream = await startFakeUpstreams(fake.routes)
  fake.setBaseUrl(upstream.url)
  t = await createTestApp({
    env: { ...azuracastFakeEnv(upstream.url), RADIO_UPSTREAM_TIMEOUT_MS: '300' },
    clock,
  })
  close = async () => {
    fake.releaseHeld()
    upstream.server.closeAllConnections()
    await new Promise((r) => upstream.server.close(r))
    await t.close()
  }
})
afterAll(() => close())
beforeEach(() => {
  fake.setMode('ok')
  fake.resetHits()
  t.services.radio.resetCaches()
})

async function nowPlaying() {
  const res = await t.request('/_api/radio/nowplaying')
  return {
    res,
    data: res.status === 200 ? superjson.deserialize<RadioNowPlaying>(res.json as never) : null,
  }
}

describe('GET /_api/radio/station', () => {
  it('answers name, description and the stream URL in superjson', async () => {
    const res = await t.request('/_api/radio/station')
    expect(res.status).toBe(200)
    expect(Object.keys(res.json)).toContain('json')
    const station = superjson.deserialize<RadioStation>(res.json as never)
    expect(station).toEqual({
      name: 'Astro Radio',
      description:
        'Ambient and electronic music for stargazers, with live shows on meteor-shower nights.',
      listen_url: expect.stringMatching(/\/radio\/listen\/astro_radio\/radio\.wav$/),
    })
  })

  it('is cached for 5 minutes', async () => {
    await t.request('/_api/radio/station')
    clock.advance(4 * 60 * 1000)
    await t.request('/_api/radio/station')
    expect(fake.hits().station).toBe(1)
    clock.advance(61 * 1000)
    await t.request('/_api/radio/station')
    expect(fake.hits().station).toBe(2)
  })
})

describe('GET /_api/radio/nowplaying', () => {
  it('maps AzuraCast to the spec shape, with dates kept as Dates', async () => {
    const { res, data } = await nowPlaying()
    expect(res.status).toBe(200)
    expect((res.json as { meta?: unknown }).meta).toBeDefined()
    expect(data!.station).toEqual({ name: 'Astro Radio' })
    expect(data!.nowPlaying.song).toMatchObject({
      title: 'Orbital Dawn',
      artist: 'Lumen Drift',
      album: 'Low Earth Orbit',
    })
    expect(data!.nowPlaying.playedAt).toBeInstanceOf(Date)
    expect(data!.listeners).toEqual({ current: 37 })
    expect(data!.live).toEqual({ isLive: false, streamerName: null })
    // Entry 1 is the current song, so "Recently Played" (entries 2 to 6) skips it.
    expect(data!.songHistory[0]!.song.title).toBe('Orbital Dawn')
    expect(data!.songHistory.length).toBe(5)
    expect(data!.songHistory[1]!.playedAt).toBeInstanceOf(Date)
  })

  it('names the DJ when a live show is on air', async () => {
    fake.setMode('live')
    const { data } = await nowPlaying()
    expect(data!.live).toEqual({ isLive: true, streamerName: 'DJ Nebula' })
    expect(data!.nowPlaying.song.title).toBe('Live from the Observatory Roof')
  })

  it('tells the truth about an offline station', async () => {
    fake.setMode('offline')
    const { data } = await nowPlaying()
    expect(data!.isOnline).toBe(false)
    expect(data!.listeners.current).toBe(0)
    expect(data!.nowPlaying.song.title).toBe('')
  })

  it('asks AzuraCast once for 30 simultaneous visitors, then not again for 10 s', async () => {
    const all = await Promise.all(
      Array.from({ length: 30 }, () => t.request('/_api/radio/nowplaying')),
    )
    expect(all.every((r) => r.status === 200)).toBe(true)
    expect(fake.hits().nowplaying).toBe(1)
    clock.advance(9_000)
    await t.request('/_api/radio/nowplaying')
    expect(fake.hits().nowplaying).toBe(1)
    clock.advance(2_000)
    await t.request('/_api/radio/nowplaying')
    expect(fake.hits().nowplaying).toBe(2)
  })

  it.each(['not_found', 'html', 'rate_limited', 'timeout'] as const)(
    'AzuraCast %s with no earlier copy: the spec error, never a 500 or a hang',
    async (mode) => {
      fake.setMode(mode)
      const started = performance.now()
      const res = await t.request('/_api/radio/nowplaying')
      expect(res.status).toBe(503)
      expect(res.json.error).toBe(RADIO_MESSAGES.nowPlayingFailed)
      expect(performance.now() - started).toBeLessThan(2000)
      const station = await t.request('/_api/radio/station')
      expect(station.status).toBe(503)
      expect(station.json.error).toBe(RADIO_MESSAGES.stationFailed)
    },
  )

  it('serves the last good copy while it can still be true, then the error', async () => {
    await nowPlaying()
    fake.setMode('html')
    clock.advance(11_000)
    const stale = await nowPlaying()
    expect(stale.res.status).toBe(200)
    expect(stale.data!.nowPlaying.song.title).toBe('Orbital Dawn')
    clock.advance(3 * 60 * 1000)
    const gone = await t.request('/_api/radio/nowplaying')
    expect(gone.status).toBe(503)
    expect(gone.json.error).toBe(RADIO_MESSAGES.nowPlayingFailed)
  })
})

describe('without AZURACAST_URL', () => {
  it('answers 200 {configured: false} and leaves /music out of the sitemap', async () => {
    const bare = await createTestApp()
    try {
      for (const path of ['/_api/radio/station', '/_api/radio/nowplaying']) {
        const res = await bare.request(path)
        expect(res.status, path).toBe(200)
        expect(res.json, path).toEqual({ configured: false })
      }
      const sitemap = await bare.request('/sitemap.xml')
      expect(sitemap.text).toContain('/blog</loc>')
      expect(sitemap.text).not.toContain('/music</loc>')
    } finally {
      await bare.close()
    }
  })

  it('lists /music in the sitemap of a site with a station', async () => {
    const sitemap = await t.request('/sitemap.xml')
    expect(sitemap.text).toContain('/music</loc>')
  })
})
