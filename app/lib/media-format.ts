import { formatShortDate } from './format.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * A video's age as the spec words it: Today, 1 day ago, N days ago (under 7 days), N week(s) ago
 * (under 30 days), otherwise a short date. A date in the future (a scheduled stream) is shown
 * as its date.
 */
export function relativeDate(iso: string, now: Date): string {
  const days = Math.floor((now.getTime() - Date.parse(iso)) / DAY_MS)
  if (Number.isNaN(days) || days < 0 || days >= 30) return formatShortDate(iso)
  if (days === 0) return 'Today'
  if (days < 7) return days === 1 ? '1 day ago' : `${days} days ago`
  const weeks = Math.floor(days / 7)
  return weeks === 1 ? '1 week ago' : `${weeks} weeks ago`
}

const UNITS = [
  { value: 1e12, suffix: 'T' },
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const

/**
 * 950, 1.2K, 3.4M; with `upTo: 'T'` (the channel statistics) also B and T. One decimal, dropped
 * when it is zero; never rounds up into a bigger-looking number (999,999 is 999.9K, not 1000K).
 */
export function abbreviateNumber(n: number, upTo: 'M' | 'T' = 'M'): string {
  if (!Number.isFinite(n)) return '0'
  const units = upTo === 'T' ? UNITS : UNITS.slice(2)
  const abs = Math.abs(n)
  for (const { value, suffix } of units) {
    if (abs >= value) {
      const scaled = Math.floor((abs / value) * 10) / 10
      const text = scaled % 1 === 0 ? scaled.toFixed(0) : scaled.toFixed(1)
      return `${n < 0 ? '-' : ''}${text}${suffix}`
    }
  }
  return String(Math.round(n))
}
