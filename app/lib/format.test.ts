import { describe, expect, it } from 'vitest'
import { formatBytes } from './format-bytes.ts'
import { formatCount, formatLongDate, formatShortDate } from './format.ts'

describe('dates', () => {
  it('formats short month, day, year', () => {
    expect(formatShortDate('2026-03-06T19:30:00.000Z')).toBe('Mar 6, 2026')
    expect(formatShortDate('2026-12-31T23:59:59.000Z')).toBe('Dec 31, 2026')
  })
  it('uses the given time zone when asked', () => {
    expect(formatShortDate('2026-12-31T23:59:59.000Z', 'Asia/Tokyo')).toBe('Jan 1, 2027')
  })
  it('formats the long form', () => {
    expect(formatLongDate('2024-08-26T00:00:00.000Z')).toBe('August 26, 2024')
  })
  it('writes UTC dates exactly as Intl does, and other zones through Intl', () => {
    const intl = (month: 'short' | 'long', timeZone: string) =>
      new Intl.DateTimeFormat('en-US', { month, day: 'numeric', year: 'numeric', timeZone })
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2031, 0, 1); t += 7.3 * 24 * 3600 * 1000) {
      const iso = new Date(t).toISOString()
      expect(formatShortDate(iso)).toBe(intl('short', 'UTC').format(t))
      expect(formatLongDate(iso)).toBe(intl('long', 'UTC').format(t))
      expect(formatShortDate(iso, 'Pacific/Chatham')).toBe(
        intl('short', 'Pacific/Chatham').format(t),
      )
    }
  })
  it('writes the same UTC date whatever zone the machine is in (server and browser agree)', () => {
    const saved = process.env.TZ
    try {
      for (const zone of ['America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
        process.env.TZ = zone
        expect(new Date(Date.UTC(2023, 11, 31, 23)).getTimezoneOffset()).not.toBe(0)
        expect(formatShortDate('2023-12-31T23:00:00.000Z')).toBe('Dec 31, 2023')
        expect(formatLongDate('2024-01-01T01:00:00.000Z')).toBe('January 1, 2024')
      }
    } finally {
      if (saved === undefined) delete process.env.TZ
      else process.env.TZ = saved
    }
  })
  it('throws on an invalid date, as Intl does', () => {
    expect(() => formatShortDate('not a date')).toThrow(RangeError)
  })
})

describe('formatCount', () => {
  it('groups digits as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 24_615, 1_834_112, -1234, 9_007_199_254_740_991, 12.5]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'))
    }
  })
})

describe('formatBytes', () => {
  it('reads in the largest unit that keeps a number above 1', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(1023)).toBe('1023 B')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(13_421_773)).toBe('13 MB')
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.3 GB')
  })
})
