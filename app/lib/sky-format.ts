import type { KpForecastEntry, KpLevel } from '../../contracts/sky.ts'
import { dateFormatter } from './date-format.ts'
import { formatCount } from './format.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** The spec's precisions: Kp 2 decimals, illumination 2 decimals, age 1 decimal, distance whole km. */
export const formatKp = (kp: number) => kp.toFixed(2)
export const formatIllumination = (percent: number) => `${percent.toFixed(2)}%`
export const formatMoonAge = (days: number) => `${days.toFixed(1)} days`
export const formatDistance = (km: number) => `${formatCount(Math.round(km))} km`

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (undefined: the browser's own). */
export function calendarDay(at: Date | string, timeZone: string | undefined): string {
  return dateFormatter('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at))
}

/** Whole calendar days from today to the event, both read in the visitor's time zone. */
export function daysAway(eventIso: string, now: Date, timeZone: string | undefined): number {
  const day = (d: Date | string) => Date.parse(`${calendarDay(d, timeZone)}T00:00:00Z`)
  return Math.round((day(eventIso) - day(now)) / DAY_MS)
}

export function describeDaysAway(days: number): string {
  if (days <= 0) return 'Today'
  if (days === 1) return 'Tomorrow'
  return `In ${days} days`
}

/** "less than a minute", "1 minute", "3 hours", "2 days". */
export function formatDuration(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  if (seconds < 60) return 'less than a minute'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return unit(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return unit(hours, 'hour')
  return unit(Math.floor(hours / 24), 'day')
}

export interface ForecastDay {
  day: string
  label: string
  entries: KpForecastEntry[]
}

/** Forecast blocks grouped by the visitor's calendar day, in time order. */
export function groupForecastByDay(
  forecast: KpForecastEntry[],
  timeZone: string | undefined,
): ForecastDay[] {
  const label = dateFormatter('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  })
  const days = new Map<string, ForecastDay>()
  // ISO instants sort as plain strings; localeCompare would load a collator for nothing.
  const inTimeOrder = [...forecast].sort((a, b) =>
    a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0,
  )
  for (const entry of inTimeOrder) {
    const day = calendarDay(entry.timestamp, timeZone)
    let group = days.get(day)
    if (!group) {
      group = { day, label: label.format(new Date(entry.timestamp)), entries: [] }
      days.set(day, group)
    }
    group.entries.push(entry)
  }
  return [...days.values()]
}

export function formatBlockTime(iso: string, timeZone: string | undefined): string {
  return dateFormatter('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))
}

/** The spec's colour rule: quiet is success, unsettled is primary, the three storm levels are error. */
export function kpLevelTone(level: KpLevel): 'success' | 'primary' | 'error' {
  if (level === 'quiet') return 'success'
  if (level === 'unsettled') return 'primary'
  return 'error'
}

export const KP_LEVEL_LABELS: Record<KpLevel, string> = {
  quiet: 'Quiet',
  unsettled: 'Unsettled',
  'minor-storm': 'Minor storm',
  'major-storm': 'Major storm',
  'severe-storm': 'Severe storm',
}
