import { dateFormatter } from './date-format.ts'
import { memoize } from './memo.ts'

/** "Mar 6, 2026" — publication dates are calendar days, shown in UTC so server and browser agree. */
export function formatShortDate(iso: string, timeZone: string | undefined = 'UTC'): string {
  return formatDate(`short|${timeZone ?? ''}|${iso}`)
}

/** "March 6, 2026" */
export function formatLongDate(iso: string, timeZone: string | undefined = 'UTC'): string {
  return formatDate(`long|${timeZone ?? ''}|${iso}`)
}

/** The same posts' dates appear on every page that lists them: each is formatted once. */
const formatDate = memoize((key) => {
  const [month, timeZone, iso] = key.split('|') as ['short' | 'long', string, string]
  return dateFormatter('en-US', {
    month,
    day: 'numeric',
    year: 'numeric',
    timeZone: timeZone || undefined,
  }).format(new Date(iso))
}, 5000)
