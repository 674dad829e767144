import { describe, expect, it, vi } from 'vitest'
import { SKY_MESSAGES, type SpacePicture } from '../../contracts/sky.ts'
import { RETRY_AFTER_SECONDS, SKY_PATHS, apodSampleFor } from '../fakes/sky.ts'
import { FAILURE_MODES, MINUTE, setupSkyApp } from './sky-support.ts'

const ctx = setupSkyApp()
const get = () => ctx.t.request('/_api/apod')

describe('GET /_api/apod', () => {
  it('answers the 12 most recent pictures, newest first, from one range call', async () => {
    // The test clock stands at 2026-11-22 12:00 UTC: 07:00 on the APOD (US Eastern) day 2026-11-22.
    const res = await get()
    expect(res.status).toBe(200)
    const items = res.json.items as SpacePicture[]
    expect(items).toHaveLength(12)
    expect(items[0]).toMatchObject({
      title: apodSampleFor('2026-11-22').title,
      publishedDate: '2026-11-22',
      link: 'https://apod.nasa.gov/apod/ap261122.html',
    })
    const dates = items.map((i) => i.publishedDate)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(res.json).toMatchObject({
      stale: false,
      ageSeconds: 0,
      fetchedAt: ctx.clock.now().toISOString(),
    })
    expect(ctx.fake.hits(SKY_PATHS.apod)).toBe(1)
  })

  it('uses the thumbnail for videos, https for images, and skips days without a picture', async () => {
    const items = (await get()).json.items as SpacePicture[]
    const video = items.find((i) => i.title === 'A Sungrazer Emerges')
    expect(video?.imageUrl).toBe('https://img.youtube.com/vi/Xq9Rk3vT1bA/0.jpg')
    const aurora = items.find((i) => i.title === 'Aurora over Lofoten')
    expect(aurora?.imageUrl).toBe(
      'https://apod.nasa.gov/apod/image/2606/AuroraLofoten_Solheim_1024.jpg',
    )
    expect(aurora?.copyright).toBe('Ingrid Solheim and Tor Aasen')
    expect(items.some((i) => i.title === 'An Interactive Solar System')).toBe(false)
    for (const item of items) {
      expect(item.imageUrl).toMatch(/^https:\/\//)
      expect(item.link).toMatch(/^https:\/\/apod\.nasa\.gov\/apod\/ap\d{6}\.html$/)
      expect(item.description.length).toBeGreaterThan(20)
    }
  })

  it('answers no pictures when the range is empty', async () => {
    ctx.fake.setMode('apod', 'empty')
    const res = await get()
    expect(res.status).toBe(200)
    expect(res.json.items).toEqual([])
  })

  it.each(FAILURE_MODES)(
    'answers 503 with the spec message when APOD was never reached (%s)',
    async (mode) => {
      ctx.fake.setMode('apod', mode)
      const res = await get()
      expect(res.status).toBe(503)
      expect(res.json).toEqual({ error: SKY_MESSAGES.apodFailed })
    },
  )

  it.each(FAILURE_MODES)(
    'serves the last good pictures, stale with their age, when a refresh fails (%s)',
    async (mode) => {
      const first = await get()
      ctx.clock.advance(61 * MINUTE)
      ctx.fake.setMode('apod', mode)
      const res = await get()
      expect(res.status).toBe(200)
      expect(res.json).toMatchObject({
        items: first.json.items,
        stale: true,
        ageSeconds: 61 * 60,
        fetchedAt: first.json.fetchedAt,
      })
    },
  )

  it('respects a 429 Retry-After before asking again', async () => {
    await get()
    ctx.clock.advance(61 * MINUTE)
    ctx.fake.setMode('apod', 'rate-limited')
    await get()
    expect(ctx.fake.hits(SKY_PATHS.apod)).toBe(2)
    ctx.fake.setMode('apod', 'ok')
    ctx.clock.advance((RETRY_AFTER_SECONDS - 10) * 1000)
    expect((await get()).json.stale).toBe(true)
    expect(ctx.fake.hits(SKY_PATHS.apod)).toBe(2)
    ctx.clock.advance(10_000)
    await get() // still the stale copy: the retry goes out in the background
    await vi.waitFor(() => expect(ctx.fake.hits(SKY_PATHS.apod)).toBe(3))
    await vi.waitFor(async () => expect((await get()).json.stale).toBe(false))
  })

  it('makes one upstream call per hour however many visitors ask', async () => {
    await Promise.all(Array.from({ length: 30 }, () => get()))
    expect(ctx.fake.hits(SKY_PATHS.apod)).toBe(1)
    ctx.clock.advance(59 * MINUTE)
    await get()
    expect(ctx.fake.hits(SKY_PATHS.apod)).toBe(1)
    ctx.clock.advance(MINUTE)
    await Promise.all(Array.from({ length: 10 }, () => get()))
    expect(ctx.fake.hits(SKY_PATHS.apod)).toBe(2)
  })
})
