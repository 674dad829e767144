import { describe, expect, it, vi } from 'vitest'
import { SKY_MESSAGES } from '../../contracts/sky.ts'
import { RETRY_AFTER_SECONDS, SKY_PATHS, expectedKp } from '../fakes/sky.ts'
import { FAILURE_MODES, MINUTE, setupSkyApp } from './sky-support.ts'

const ctx = setupSkyApp()
const get = () => ctx.t.request('/_api/solar-weather')

describe('GET /_api/solar-weather', () => {
  it('answers the current Kp, its level and the 3-day forecast from NOAA SWPC', async () => {
    const now = ctx.clock.now()
    const expected = expectedKp(now)
    const res = await get()
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      kpIndex: expected.current.kpIndex,
      level: 'unsettled',
      status: 'Active',
      updatedAt: expected.current.updatedAt,
      forecastAvailable: true,
      fetchedAt: now.toISOString(),
      ageSeconds: 0,
      stale: false,
    })
    const forecast = res.json.forecast as Array<Record<string, unknown>>
    expect(forecast).toHaveLength(24)
    expect(forecast.map((f) => f.timestamp)).toEqual(expected.predicted.map((p) => p.timestamp))
    expect(forecast.slice(0, 3)).toEqual([
      {
        timestamp: expected.predicted[0]!.timestamp,
        kpIndex: 4.67,
        level: 'minor-storm',
        status: 'Minor storm (G1)',
      },
      {
        timestamp: expected.predicted[1]!.timestamp,
        kpIndex: 5.33,
        level: 'minor-storm',
        status: 'Minor storm (G1)',
      },
      {
        timestamp: expected.predicted[2]!.timestamp,
        kpIndex: 5.67,
        level: 'major-storm',
        status: 'Moderate storm (G2)',
      },
    ])
    expect(res.headers.get('age')).toBe('0')
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  it('reads the legacy array format the same way', async () => {
    const current = (await get()).json
    ctx.t.services.sky.resetCaches('clear')
    ctx.fake.setMode('swpc', 'legacy')
    const legacy = await get()
    expect(legacy.status).toBe(200)
    expect(legacy.json).toEqual(current)
  })

  it.each(FAILURE_MODES)(
    'answers 503 with the spec message when SWPC was never reached (%s)',
    async (mode) => {
      ctx.fake.setMode('swpc', mode)
      const res = await get()
      expect(res.status).toBe(503)
      expect(res.json).toEqual({ error: SKY_MESSAGES.solarFailed })
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    },
  )

  it('answers 503 for an empty product rather than inventing a value', async () => {
    ctx.fake.setMode('swpc', 'empty')
    const res = await get()
    expect(res.status).toBe(503)
    expect(res.json).toEqual({ error: SKY_MESSAGES.solarFailed })
  })

  it('passes on Retry-After from a 429', async () => {
    ctx.fake.setMode('swpc', 'rate-limited')
    const res = await get()
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS))
  })

  it.each(FAILURE_MODES)(
    'serves the last good copy, marked stale with its real age, when a refresh fails (%s)',
    async (mode) => {
      const first = await get()
      ctx.clock.advance(31 * MINUTE)
      ctx.fake.setMode('swpc', mode)
      const res = await get()
      expect(res.status).toBe(200)
      expect(res.json).toMatchObject({
        kpIndex: first.json.kpIndex,
        updatedAt: first.json.updatedAt,
        fetchedAt: first.json.fetchedAt,
        stale: true,
        ageSeconds: 31 * 60,
      })
      expect(res.headers.get('age')).toBe(String(31 * 60))
    },
  )

  it('keeps serving the copy during the back-off without calling SWPC, then recovers', async () => {
    await get()
    ctx.clock.advance(31 * MINUTE)
    ctx.fake.setMode('swpc', 'server-error')
    await get()
    const hits = ctx.fake.hits(SKY_PATHS.kpForecast)
    ctx.clock.advance(30_000)
    expect((await get()).json.stale).toBe(true)
    expect(ctx.fake.hits(SKY_PATHS.kpForecast)).toBe(hits)

    ctx.fake.setMode('swpc', 'ok')
    ctx.clock.advance(MINUTE)
    expect((await get()).json.stale).toBe(true) // the retry goes out in the background
    await vi.waitFor(async () =>
      expect((await get()).json).toMatchObject({ stale: false, ageSeconds: 0 }),
    )
  })

  it('shows the forecast as unavailable when only the forecast product fails', async () => {
    ctx.fake.setMode('swpc:forecast', 'html')
    const expected = expectedKp(ctx.clock.now())
    const res = await get()
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      kpIndex: expected.lastObserved.kpIndex,
      updatedAt: expected.lastObserved.updatedAt,
      forecastAvailable: false,
      forecast: [],
      stale: false,
    })
  })

  it('makes one request per product for many simultaneous visitors, and none while fresh', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => get()))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(ctx.fake.hits(SKY_PATHS.kpObserved)).toBe(1)
    expect(ctx.fake.hits(SKY_PATHS.kpForecast)).toBe(1)
    ctx.clock.advance(29 * MINUTE)
    await get()
    expect(ctx.fake.hits(SKY_PATHS.kpForecast)).toBe(1)
    ctx.clock.advance(MINUTE)
    await Promise.all(Array.from({ length: 10 }, () => get()))
    expect(ctx.fake.hits(SKY_PATHS.kpForecast)).toBe(2)
  })
})
