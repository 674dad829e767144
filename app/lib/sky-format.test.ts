import { describe, expect, it } from 'vitest'
import type { KpForecastEntry } from '../../contracts/sky.ts'
import {
  daysAway,
  describeDaysAway,
  formatBlockTime,
  formatDistance,
  formatDuration,
  formatIllumination,
  formatKp,
  formatMoonAge,
  groupForecastByDay,
  kpLevelTone,
} from './sky-format.ts'

describe('precisions', () => {
  it('shows Kp and illumination with 2 decimals, age with 1, distance in whole km', () => {
    expect(formatKp(3.666)).toBe('3.67')
    expect(formatKp(4)).toBe('4.00')
    expect(formatIllumination(93.1234)).toBe('93.12%')
    expect(formatMoonAge(13.249)).toBe('13.2 days')
    expect(formatDistance(384_400.6)).toBe('384,401 km')
  })
})

describe('daysAway counts calendar days in the visitor time zone', () => {
  const now = new Date('2026-11-22T22:30:00Z')
  it('in UTC the event at 01:00 next day is tomorrow', () => {
    expect(daysAway('2026-11-23T01:00:00Z', now, 'UTC')).toBe(1)
  })
  it('in Tokyo both instants fall on the 23rd: today', () => {
    expect(daysAway('2026-11-23T01:00:00Z', now, 'Asia/Tokyo')).toBe(0)
  })
  it('in Los Angeles the 01:00 UTC event is still the 22nd, and the full moon 2 days away', () => {
    expect(daysAway('2026-11-23T01:00:00Z', now, 'America/Los_Angeles')).toBe(0)
    expect(daysAway('2026-11-24T14:54:00Z', now, 'America/Los_Angeles')).toBe(2)
  })
  it('words the count', () => {
    expect(describeDaysAway(0)).toBe('Today')
    expect(describeDaysAway(1)).toBe('Tomorrow')
    expect(describeDaysAway(16)).toBe('In 16 days')
  })
})

describe('formatDuration', () => {
  it.each([
    [0, 'less than a minute'],
    [59, 'less than a minute'],
    [60, '1 minute'],
    [31 * 60, '31 minutes'],
    [3600, '1 hour'],
    [47 * 3600, '47 hours'],
    [3 * 86400, '3 days'],
  ])('%s s → %s', (s, text) => {
    expect(formatDuration(s)).toBe(text)
  })
})

describe('groupForecastByDay', () => {
  const block = (timestamp: string): KpForecastEntry => ({
    timestamp,
    kpIndex: 2,
    level: 'quiet',
    status: 'Quiet',
  })
  const forecast = [
    '2026-06-19T03:00:00Z',
    '2026-06-18T21:00:00Z',
    '2026-06-19T00:00:00Z',
    '2026-06-19T21:00:00Z',
  ].map(block)

  it('groups by UTC day', () => {
    const days = groupForecastByDay(forecast, 'UTC')
    expect(days.map((d) => [d.label, d.entries.length])).toEqual([
      ['Thursday, June 18', 1],
      ['Friday, June 19', 3],
    ])
  })

  it('groups by the visitor day: in Tokyo (UTC+9) 21:00 UTC is already the next morning', () => {
    const days = groupForecastByDay(forecast, 'Asia/Tokyo')
    expect(
      days.map((d) => [d.day, d.entries.map((e) => formatBlockTime(e.timestamp, 'Asia/Tokyo'))]),
    ).toEqual([
      ['2026-06-19', ['06:00', '09:00', '12:00']],
      ['2026-06-20', ['06:00']],
    ])
  })
})

it('colours Kp levels as the spec says', () => {
  expect(kpLevelTone('quiet')).toBe('success')
  expect(kpLevelTone('unsettled')).toBe('primary')
  expect(kpLevelTone('minor-storm')).toBe('error')
  expect(kpLevelTone('major-storm')).toBe('error')
  expect(kpLevelTone('severe-storm')).toBe('error')
})
