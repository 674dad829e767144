import { describe, expect, it } from 'vitest'
import type { KpForecastRow, KpRow } from '../integrations/swpc.ts'
import { auroraWindow, kpOutlook } from './window.ts'

const OSLO = { lat: 59.91, lon: 10.75 }
const forecast = (time: string, kp: number): KpForecastRow => ({
  time,
  kp,
  observed: 'predicted',
  noaaScale: null,
})

describe('the coming hours’ Kp', () => {
  it('keeps the blocks from the current one to three hours ahead, the higher of observed and forecast; the block just observed counts for now', () => {
    const now = new Date('2026-11-23T16:30:00Z')
    const observed: KpRow[] = [
      { time: '2026-11-23T09:00:00Z', kp: 9 },
      { time: '2026-11-23T12:00:00Z', kp: 5.67 },
      { time: '2026-11-23T15:00:00Z', kp: 6.33 },
    ]
    const outlook = kpOutlook(
      observed,
      [
        forecast('2026-11-23T15:00:00Z', 5),
        forecast('2026-11-23T18:00:00Z', 4.67),
        forecast('2026-11-23T21:00:00Z', 9),
      ],
      now,
    )
    // 09:00 is long over (12:00, just over, is lower than 15:00's own); 21:00 starts after 19:30.
    expect([...outlook.blocks]).toEqual([
      [Date.parse('2026-11-23T15:00:00Z'), 6.33],
      [Date.parse('2026-11-23T18:00:00Z'), 4.67],
    ])
    expect(outlook.max).toBe(6.33)
  })
})

describe('the dark window', () => {
  const storm = (now: Date, kp: number) =>
    kpOutlook(
      null,
      [0, 3, 6].map((h) =>
        forecast(
          new Date(
            Math.floor(now.getTime() / 10_800_000) * 10_800_000 + h * 3_600_000,
          ).toISOString(),
          kp,
        ),
      ),
      now,
    )

  it('opens when the sun goes below −12°: Oslo, 23 November, at the first 10-minute step after nautical dusk (16:17 UTC)', () => {
    const now = new Date('2026-11-23T14:00:00Z')
    expect(auroraWindow(storm(now, 7), OSLO, 5, now)).toEqual({
      start: '2026-11-23T16:20:00.000Z',
      end: '2026-11-23T17:00:00.000Z',
      kp: 7,
    })
  })

  it('is none in daylight, and none under the threshold', () => {
    const noon = new Date('2026-11-23T10:00:00Z')
    expect(auroraWindow(storm(noon, 9), OSLO, 4, noon)).toBeNull()
    const night = new Date('2026-11-23T22:00:00Z')
    expect(auroraWindow(storm(night, 5.33), OSLO, 6, night)).toBeNull()
  })

  it('counts a Kp in thirds by its class: 4.67 is a 5', () => {
    const night = new Date('2026-11-23T22:00:00Z')
    expect(auroraWindow(storm(night, 4.67), OSLO, 5, night)).toMatchObject({ kp: 4.67 })
    expect(auroraWindow(storm(night, 4.33), OSLO, 5, night)).toBeNull()
  })

  it('is none under the midnight sun (78° N in June), at any Kp', () => {
    const now = new Date('2026-06-21T00:00:00Z')
    expect(auroraWindow(storm(now, 9), { lat: 78.22, lon: 15.65 }, 4, now)).toBeNull()
  })

  it('takes a storm observed in the block that just ended as going on now', () => {
    const now = new Date('2026-11-23T21:05:00Z')
    const outlook = kpOutlook(
      [{ time: '2026-11-23T18:00:00Z', kp: 8 }],
      [forecast('2026-11-23T21:00:00Z', 3)],
      now,
    )
    expect(outlook.max).toBe(8)
    expect(auroraWindow(outlook, OSLO, 7, now)).toMatchObject({ kp: 8, start: now.toISOString() })
  })

  it('ends where the storm’s blocks end', () => {
    const now = new Date('2026-11-23T20:30:00Z')
    const outlook = kpOutlook(
      null,
      [forecast('2026-11-23T18:00:00Z', 7), forecast('2026-11-23T21:00:00Z', 3)],
      now,
    )
    expect(auroraWindow(outlook, OSLO, 5, now)).toEqual({
      start: '2026-11-23T20:30:00.000Z',
      end: '2026-11-23T21:00:00.000Z',
      kp: 7,
    })
  })
})
