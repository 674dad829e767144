import { FORECAST_SKELETON_BARS, KP_MAX, type KpForecastEntry } from '../../../contracts/sky.ts'
import { cn } from '../../lib/cn.ts'
import { formatBlockTime, formatKp, groupForecastByDay, kpLevelTone } from '../../lib/sky-format.ts'
import { Skeleton } from '../ui/skeleton.tsx'
import { useVisitorTimeZone } from './visitor-time.ts'

const TONE_BG = { success: 'bg-success', primary: 'bg-primary', error: 'bg-error' } as const

export function ForecastBar({
  entry,
  timeZone,
}: {
  entry: KpForecastEntry
  timeZone: string | undefined
}) {
  const tone = kpLevelTone(entry.level)
  const time = formatBlockTime(entry.timestamp, timeZone)
  // Each day has eight 3-hour columns, so a block sits under the same hours on every day.
  const column = Math.floor(Number(time.slice(0, 2)) / 3) + 1
  return (
    <li
      className="flex min-w-0 flex-col items-center gap-1"
      style={{ gridColumnStart: column }}
      data-tone={tone}
    >
      <div className="flex h-32 w-full flex-col items-center justify-end gap-1">
        <span className="text-[0.7rem] font-semibold tabular-nums sm:text-xs">
          {formatKp(entry.kpIndex)}
        </span>
        <div
          aria-hidden="true"
          className={cn('w-full max-w-7 rounded-t-md', TONE_BG[tone])}
          style={{ height: `${Math.max(3, (entry.kpIndex / KP_MAX) * 85)}%` }}
        />
      </div>
      <time dateTime={entry.timestamp} className="text-[0.7rem] text-muted-foreground tabular-nums">
        {time}
      </time>
      <span className="sr-only">{entry.status}</span>
    </li>
  )
}

/** The 3-day forecast, one row of 3-hour bars per calendar day of the visitor. */
export function KpForecastDays({ forecast }: { forecast: KpForecastEntry[] }) {
  const timeZone = useVisitorTimeZone()
  const days = groupForecastByDay(forecast, timeZone)
  return (
    <div className="space-y-6">
      {days.map((day) => (
        <section key={day.day} aria-label={day.label}>
          <h3 className="mb-2 text-sm font-semibold text-muted-foreground">{day.label}</h3>
          <ol className="grid grid-cols-8 gap-1.5 sm:gap-3">
            {day.entries.map((entry) => (
              <ForecastBar key={entry.timestamp} entry={entry} timeZone={timeZone} />
            ))}
          </ol>
        </section>
      ))}
      <p className="text-xs text-muted-foreground">
        Times are the start of each 3-hour block
        {timeZone === 'UTC' ? ' (UTC)' : ', in your time zone'}.
      </p>
    </div>
  )
}

export function KpForecastSkeleton() {
  return (
    <div role="status" aria-label="Loading forecast">
      <span className="sr-only">Loading forecast</span>
      <Skeleton className="mb-3 h-4 w-40" />
      <ol className="flex h-36 items-end gap-1.5 sm:gap-3" data-testid="forecast-skeleton">
        {Array.from({ length: FORECAST_SKELETON_BARS }, (_, i) => (
          <li key={i} className="flex-1" style={{ height: `${30 + ((i * 37) % 60)}%` }}>
            <Skeleton className="h-full w-full rounded-t-md" />
          </li>
        ))}
      </ol>
    </div>
  )
}
