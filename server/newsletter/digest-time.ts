import type { WeeklyTime } from '../config.ts'
import { zoneOffsetMs, zonedDay } from '../sky/zone.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
const offsetAt = (instant: number, timeZone: string) => zoneOffsetMs(timeZone, instant)

/**
 * The instant the zone's clocks show this date and minute. In the hour skipped when clocks go
 * forward, the instant an hour later on the clock; in the hour repeated when they go back, the
 * first of the two.
 */
export function zonedInstant(
  date: { year: number; month: number; day: number },
  minute: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minute)
  const before = offsetAt(wall - DAY_MS / 2, timeZone)
  const after = offsetAt(wall + DAY_MS / 2, timeZone)
  // The earlier offset first: on the repeated hour it names the first occurrence.
  for (const offset of [Math.max(before, after), Math.min(before, after)]) {
    const candidate = wall - offset
    if (offsetAt(candidate, timeZone) === offset) return new Date(candidate)
  }
  return new Date(wall - Math.min(before, after))
}

/**
 * The latest digest time at or before `now`: the weekday and time in the site's zone, whatever
 * daylight saving does to the hours between. Its local date names the week (the dedupe key).
 */
export function latestDigestTime(
  now: Date,
  at: WeeklyTime,
  timeZone: string,
): { instant: Date; localDate: string } {
  const todayUtc = Date.parse(`${zonedDay(now, timeZone)}T00:00:00Z`)
  const weekday = new Date(todayUtc).getUTCDay()
  let back = (weekday - at.day + 7) % 7
  for (;;) {
    const day = new Date(todayUtc - back * DAY_MS)
    const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() }
    const instant = zonedInstant(date, at.minute, timeZone)
    if (instant.getTime() <= now.getTime()) {
      return { instant, localDate: day.toISOString().slice(0, 10) }
    }
    back += 7
  }
}
