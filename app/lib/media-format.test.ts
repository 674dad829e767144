import { describe, expect, it } from 'vitest'
import { abbreviateNumber, relativeDate } from './media-format.ts'

const now = new Date('2026-11-23T12:00:00Z')
const ago = (hours: number) => new Date(now.getTime() - hours * 3600 * 1000).toISOString()

describe('relativeDate', () => {
  it.each([
    [0, 'Today'],
    [23.9, 'Today'],
    [24, '1 day ago'],
    [47, '1 day ago'],
    [48, '2 days ago'],
    [6 * 24 + 23, '6 days ago'],
    [7 * 24, '1 week ago'],
    [13 * 24, '1 week ago'],
    [14 * 24, '2 weeks ago'],
    [29 * 24 + 23, '4 weeks ago'],
  ])('%s hours ago → %s', (hours, text) => {
    expect(relativeDate(ago(hours), now)).toBe(text)
  })

  it('30 days and more, and dates in the future, are short dates', () => {
    expect(relativeDate(ago(30 * 24), now)).toBe('Oct 24, 2026')
    expect(relativeDate('2026-12-01T18:00:00Z', now)).toBe('Dec 1, 2026')
  })
})

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [950, '950'],
    [1000, '1K'],
    [1250, '1.2K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [3_456_789, '3.4M'],
    [2_500_000_000, '2500M'],
  ])('%s → %s (K and M)', (n, text) => {
    expect(abbreviateNumber(n)).toBe(text)
  })

  it('the channel statistics go on to B and T', () => {
    expect(abbreviateNumber(2_500_000_000, 'T')).toBe('2.5B')
    expect(abbreviateNumber(7_100_000_000_000, 'T')).toBe('7.1T')
    expect(abbreviateNumber(12_345, 'T')).toBe('12.3K')
  })
})
