import { describe, expect, it } from 'vitest'
import { parseWeeklyTime } from '../config.ts'
import { latestDigestTime, zonedInstant } from './digest-time.ts'

const sunday8 = parseWeeklyTime('Sun 08:00')!

describe('the weekly digest time', () => {
  it('is the latest Sunday 08:00 in the site zone at or before now', () => {
    const at = (iso: string) => latestDigestTime(new Date(iso), sunday8, 'Europe/London')
    expect(at('2026-11-22T08:00:00Z')).toEqual({
      instant: new Date('2026-11-22T08:00:00Z'),
      localDate: '2026-11-22',
    })
    expect(at('2026-11-22T07:59:59Z').localDate).toBe('2026-11-15')
    expect(at('2026-11-25T12:00:00Z').localDate).toBe('2026-11-22')
  })

  it('follows daylight saving time: 08:00 local is 07:00 UTC in summer, 08:00 in winter', () => {
    // London went to summer time on 29 March 2026 and back on 25 October 2026.
    expect(latestDigestTime(new Date('2026-03-29T12:00:00Z'), sunday8, 'Europe/London')).toEqual({
      instant: new Date('2026-03-29T07:00:00Z'),
      localDate: '2026-03-29',
    })
    expect(latestDigestTime(new Date('2026-10-25T12:00:00Z'), sunday8, 'Europe/London')).toEqual({
      instant: new Date('2026-10-25T08:00:00Z'),
      localDate: '2026-10-25',
    })
    const newYork = latestDigestTime(
      new Date('2026-11-02T00:00:00Z'),
      parseWeeklyTime('Sun 01:30')!,
      'America/New_York',
    )
    // 01:30 happened twice on 1 November 2026 in New York: the first one (EDT) counts.
    expect(newYork.instant).toEqual(new Date('2026-11-01T05:30:00Z'))
  })

  it('a time the clocks skip is the instant an hour later on the clock', () => {
    // 01:30 did not exist in London on 29 March 2026, nor 02:30 in Berlin (both jumped at 01:00 UTC).
    expect(zonedInstant({ year: 2026, month: 3, day: 29 }, 60 + 30, 'Europe/London')).toEqual(
      new Date('2026-03-29T01:30:00Z'),
    )
    expect(zonedInstant({ year: 2026, month: 3, day: 29 }, 2 * 60 + 30, 'Europe/Berlin')).toEqual(
      new Date('2026-03-29T01:30:00Z'),
    )
  })
})
