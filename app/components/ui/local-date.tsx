import { dateFormatter } from '../../lib/date-format.ts'
import { useHydrated } from '../../lib/hydrated.ts'

/**
 * A date in the visitor's own time zone. The server does not know it, so the server render (and
 * hydration) uses UTC, and the browser re-renders in local time right after.
 */
export function LocalDate({ iso, options }: { iso: string; options: Intl.DateTimeFormatOptions }) {
  const hydrated = useHydrated()
  const text = dateFormatter('en-US', {
    ...options,
    timeZone: hydrated ? undefined : 'UTC',
  }).format(new Date(iso))
  return <time dateTime={iso}>{text}</time>
}
