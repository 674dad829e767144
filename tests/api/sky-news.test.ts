import { describe, expect, it } from 'vitest'
import { SKY_MESSAGES, type NewsItem } from '../../contracts/sky.ts'
import { SKY_FEEDS } from '../fakes/sky.ts'
import { FAILURE_MODES, MINUTE, UPSTREAM_TIMEOUT_MS, setupSkyApp } from './sky-support.ts'

const ctx = setupSkyApp()
const get = () => ctx.t.request('/_api/news/combined')

describe('GET /_api/news/combined', () => {
  it('merges RSS and Atom feeds newest first, without duplicates or HTML', async () => {
    const res = await get()
    expect(res.status).toBe(200)
    const items = res.json.items as NewsItem[]
    expect(items).toHaveLength(17)
    const dates = items.map((i) => i.publishedDate)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(items[0]).toEqual({
      source: 'Space.com',
      title: 'Northern lights may reach the northern US on June 19 as a CME heads for Earth',
      description:
        'A coronal mass ejection launched on June 16 could spark G1 to G2 geomagnetic storm conditions on Friday.',
      link: 'https://www.space.com/stargazing/auroras/northern-lights-may-reach-northern-us-june-19-cme',
      publishedDate: '2026-06-18T20:00:00.000Z',
      imageUrl: 'https://cdn.mos.cms.futurecdn.net/Qw7cR2mXkT9pLs4VbN8hZa-1280-80.jpg',
    })
    expect(new Set(items.map((i) => i.source))).toEqual(
      new Set(['NASA', 'Sky & Telescope', 'Space.com', 'ESO']),
    )
    expect(items.filter((i) => i.title.includes('Psyche'))).toHaveLength(1)
    for (const item of items) {
      expect(item.description).not.toMatch(/<|appeared first on/)
      expect(item.link).toMatch(/^https:\/\//)
    }
    expect(res.json).toMatchObject({ unavailableSources: [], stale: false, ageSeconds: 0 })
  })

  it.each(FAILURE_MODES)('keeps the other feeds on the page when one fails (%s)', async (mode) => {
    ctx.fake.setMode('news:spacecom', mode)
    const res = await get()
    expect(res.status).toBe(200)
    const items = res.json.items as NewsItem[]
    expect(items).toHaveLength(12)
    expect(items.some((i) => i.source === 'Space.com')).toBe(false)
    expect(res.json).toMatchObject({ unavailableSources: ['Space.com'], stale: false })
  })

  it('does not wait longer than the timeout for a hanging feed', async () => {
    ctx.fake.setMode('news:nasa', 'timeout')
    const started = performance.now()
    const res = await get()
    expect(res.status).toBe(200)
    expect(performance.now() - started).toBeLessThan(UPSTREAM_TIMEOUT_MS + 2000)
    expect(res.json.unavailableSources).toEqual(['NASA'])
  })

  it.each(FAILURE_MODES)(
    'answers 503 with the spec message when no feed was ever read (%s)',
    async (mode) => {
      ctx.fake.setMode('news', mode)
      const res = await get()
      expect(res.status).toBe(503)
      expect(res.json).toEqual({ error: SKY_MESSAGES.newsFailed })
    },
  )

  it('answers an empty list when every feed is empty', async () => {
    ctx.fake.setMode('news', 'empty')
    const res = await get()
    expect(res.status).toBe(200)
    expect(res.json.items).toEqual([])
  })

  it('serves the last good news, stale with its age, when every feed fails', async () => {
    const first = await get()
    ctx.clock.advance(6 * MINUTE)
    ctx.fake.setMode('news', 'html')
    const res = await get()
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      items: first.json.items,
      stale: true,
      ageSeconds: 6 * 60,
      unavailableSources: [],
    })
  })

  it('reads each feed once for many simultaneous visitors, and again after 5 minutes', async () => {
    await Promise.all(Array.from({ length: 30 }, () => get()))
    for (const path of Object.values(SKY_FEEDS)) expect(ctx.fake.hits(path)).toBe(1)
    ctx.clock.advance(4 * MINUTE)
    await get()
    expect(ctx.fake.hits(SKY_FEEDS.nasa)).toBe(1)
    ctx.clock.advance(MINUTE)
    await Promise.all(Array.from({ length: 10 }, () => get()))
    for (const path of Object.values(SKY_FEEDS)) expect(ctx.fake.hits(path)).toBe(2)
  })
})
