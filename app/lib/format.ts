import { dateFormatter } from './date-format.ts'
import { memoize } from './memo.ts'

/** "Mar 6, 2026" — publication dates are calendar days, shown in UTC so server and browser agree. */
export function formatShortDate(iso: string, timeZone = 'UTC'): string {
  return formatDate(`short|${timeZone}|${iso}`)
}

/** "March 6, 2026" */
export function formatLongDate(iso: string, timeZone = 'UTC'): string {
  return formatDate(`long|${timeZone}|${iso}`)
}

/** English month names, January first. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/**
 * The same posts' dates appear on every page that lists them: each is formatted once. In UTC (the
 * default, so the server and every browser write the same date) the date is written out as en-US
 * Intl writes it: a page's first Intl formatter costs a phone tens of milliseconds while ICU loads
 * its data, and these dates are in the first render of most pages (post and video cards, a post's
 * date). Other zones use Intl.
 */
const formatDate = memoize((key) => {
  const [month, timeZone, iso] = key.split('|') as ['short' | 'long', string, string]
  const date = new Date(iso)
  const year = date.getUTCFullYear()
  if (timeZone === 'UTC' && year >= 1000 && year <= 9999) {
    const name = MONTHS[date.getUTCMonth()]!
    return `${month === 'short' ? name.slice(0, 3) : name} ${date.getUTCDate()}, ${year}`
  }
  return dateFormatter('en-US', { month, day: 'numeric', year: 'numeric', timeZone }).format(date)
}, 5000)

/** 1234567 → "1,234,567", as en-US writes a whole number (without Intl, as above). */
export function formatCount(n: number): string {
  return Number.isSafeInteger(n)
    ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : n.toLocaleString('en-US')
}
