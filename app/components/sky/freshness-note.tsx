import type { Freshness } from '../../../contracts/sky.ts'
import { formatDuration } from '../../lib/sky-format.ts'
import { LocalDate } from '../ui/local-date.tsx'

const UPDATED_AT_FORMAT: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
}

/**
 * When the data on the page was fetched, and, when the source is down and the page shows its last
 * good copy, says so plainly with the copy's age.
 */
export function FreshnessNote({
  freshness,
  source,
  plural = false,
  credit,
  label = 'Last updated',
}: {
  freshness: Freshness
  /** Who is not answering when the copy is stale: "NOAA SWPC", "The news sources". */
  source: string
  plural?: boolean
  /** Shown after the time when all is well: "Source: NOAA SWPC". */
  credit?: string
  label?: string
}) {
  if (freshness.stale) {
    return (
      <div
        role="status"
        className="rounded-xl border border-warning/50 bg-warning/10 px-4 py-3 text-sm text-foreground"
      >
        <p>
          <strong className="font-semibold text-warning">Showing older data.</strong> {source}{' '}
          {plural ? 'are' : 'is'} not answering right now, so this is the last copy we received,{' '}
          {formatDuration(freshness.ageSeconds)} old (from{' '}
          <LocalDate iso={freshness.fetchedAt} options={UPDATED_AT_FORMAT} />
          ). We will keep trying.
        </p>
      </div>
    )
  }
  return (
    <p className="text-sm text-muted-foreground">
      {label} <LocalDate iso={freshness.fetchedAt} options={UPDATED_AT_FORMAT} />
      {credit && ` · ${credit}`}
    </p>
  )
}
