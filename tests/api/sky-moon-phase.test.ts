import { describe, expect, it } from 'vitest'
import { MOON_PHASE_NAMES, ZODIAC_SIGNS } from '../../contracts/sky.ts'
import { MINUTE, setupSkyApp } from './sky-support.ts'

const ctx = setupSkyApp()
const get = () => ctx.t.request('/_api/moon-phase')
const minutesBetween = (a: unknown, b: string) =>
  Math.abs(Date.parse(String(a)) - Date.parse(b)) / MINUTE

describe('GET /_api/moon-phase', () => {
  it('computes the Moon on the server for the current time', async () => {
    // 2026-11-22 12:00 UTC: new moon 9 Nov 07:02, full moon 24 Nov 14:53, new moon 9 Dec 00:52 (USNO).
    const res = await get()
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      phaseName: 'Waxing Gibbous',
      stale: false,
      ageSeconds: 0,
      fetchedAt: '2026-11-22T12:00:00.000Z',
    })
    expect(MOON_PHASE_NAMES).toContain(res.json.phaseName)
    expect(ZODIAC_SIGNS).toContain(res.json.zodiac)
    expect(res.json.age).toBeCloseTo(13.2, 1)
    expect(res.json.illumination).toBeGreaterThan(90)
    expect(res.json.illumination).toBeLessThan(100)
    expect(res.json.distance).toBeGreaterThan(356_000)
    expect(res.json.distance).toBeLessThan(407_000)
    expect(minutesBetween(res.json.nextFullMoon, '2026-11-24T14:53:00Z')).toBeLessThan(3)
    expect(minutesBetween(res.json.nextNewMoon, '2026-12-09T00:52:00Z')).toBeLessThan(3)
  })

  it('keeps one computation for 10 minutes, then computes again', async () => {
    const first = await get()
    ctx.clock.advance(9 * MINUTE)
    const cached = await get()
    expect(cached.json).toMatchObject({
      fetchedAt: first.json.fetchedAt,
      age: first.json.age,
      ageSeconds: 9 * 60,
      stale: false,
    })
    ctx.clock.advance(MINUTE)
    const fresh = await get()
    expect(fresh.json.fetchedAt).not.toBe(first.json.fetchedAt)
    expect(fresh.json.age as number).toBeGreaterThan(first.json.age as number)
  })
})
