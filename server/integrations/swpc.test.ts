import { describe, expect, it } from 'vitest'
import { kpForecastPayload, kpObservedPayload } from '../../tests/fakes/sky.ts'
import { parseKpForecast, parseKpObserved, swpcTime } from './swpc.ts'

const NOW = new Date('2026-06-18T21:05:00Z')

describe('swpcTime reads offset-less SWPC tags as UTC', () => {
  it.each([
    ['2026-06-18T21:00:00', '2026-06-18T21:00:00.000Z'],
    ['2026-03-20 00:00:00.000', '2026-03-20T00:00:00.000Z'],
    ['2026-03-20 03:00:00', '2026-03-20T03:00:00.000Z'],
    ['2026-06-18T21:00', '2026-06-18T21:00:00.000Z'],
    ['2026-06-18T21:00:00Z', '2026-06-18T21:00:00.000Z'],
    ['2026-06-18T21:00:00+02:00', '2026-06-18T19:00:00.000Z'],
  ])('%s → %s', (tag, iso) => {
    expect(swpcTime(tag)).toBe(iso)
  })

  it.each(['', 'yesterday', '18/06/2026 21:00'])('refuses %j', (tag) => {
    expect(swpcTime(tag)).toBeNull()
  })
})

describe('parseKpObserved', () => {
  it('reads the current object format (capital Kp)', () => {
    const rows = parseKpObserved(kpObservedPayload(NOW))
    expect(rows).toHaveLength(15)
    expect(rows.at(-1)).toEqual({ time: '2026-06-18T18:00:00.000Z', kp: 3.67 })
  })

  it('reads the legacy array of string arrays with the same result', () => {
    expect(parseKpObserved(kpObservedPayload(NOW, true))).toEqual(
      parseKpObserved(kpObservedPayload(NOW)),
    )
  })

  it('sorts by time and drops fill values', () => {
    const rows = parseKpObserved([
      { time_tag: '2026-06-18T18:00:00', Kp: 3.67 },
      { time_tag: '2026-06-18T15:00:00', Kp: -9999 },
      { time_tag: '2026-06-18T12:00:00', Kp: 2.33 },
    ])
    expect(rows.map((r) => r.kp)).toEqual([2.33, 3.67])
  })

  it.each([
    ['an error object', { error: 'maintenance' }],
    ['an empty list', []],
    ['rows without Kp', [{ time_tag: '2026-06-18T18:00:00' }]],
    [
      'a header-less table',
      [
        [1, 2],
        [3, 4],
      ],
    ],
    ['a string', '<html>'],
  ])('throws on %s', (_what, data) => {
    expect(() => parseKpObserved(data)).toThrow()
  })
})

describe('parseKpForecast', () => {
  it('reads observed, estimated and predicted rows with the NOAA scale', () => {
    const rows = parseKpForecast(kpForecastPayload(NOW))
    expect(rows).toHaveLength(32)
    expect(rows.find((r) => r.observed === 'estimated')).toEqual({
      time: '2026-06-18T21:00:00.000Z',
      kp: 4,
      observed: 'estimated',
      noaaScale: null,
    })
    expect(rows.find((r) => r.time === '2026-06-19T06:00:00.000Z')).toMatchObject({
      kp: 5.67,
      noaaScale: 'G2',
    })
  })

  it('reads the legacy format identically', () => {
    expect(parseKpForecast(kpForecastPayload(NOW, true))).toEqual(
      parseKpForecast(kpForecastPayload(NOW)),
    )
  })

  it('ignores an unknown NOAA scale rather than failing the row', () => {
    const [row] = parseKpForecast([
      { time_tag: '2026-06-19T00:00:00', kp: 4.67, observed: 'predicted', noaa_scale: 'G9' },
    ])
    expect(row?.noaaScale).toBeNull()
  })
})
