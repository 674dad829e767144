import { BACKUP_MESSAGES, type BackupOverview } from '../../../contracts/backups.ts'
import { formatBytes } from '../../lib/format-bytes.ts'
import { Card } from '../ui/card.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { useAdminStats } from './admin-api.ts'

const STATS = [
  ['totalBlogPosts', 'Total Blog Posts'],
  ['totalPages', 'Total Pages'],
  ['totalYoutubeVideos', 'Total YouTube Videos'],
  ['unreadMessages', 'Unread Messages'],
] as const

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

/** The dashboard totals, counted over every status, the contact messages still unread, and the
 * last scheduled backup. */
export function StatsCards() {
  const stats = useAdminStats()
  return (
    <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {STATS.map(([key, label]) => (
        <Card key={key} className="p-5">
          <p className="text-sm text-muted-foreground">{label}</p>
          {stats.isPending ? (
            <Skeleton className="mt-2 h-8 w-16" />
          ) : stats.isError ? (
            <p className="mt-2 text-sm text-error">Could not load: {stats.error.message}</p>
          ) : (
            <p className="mt-1 font-display text-3xl font-bold" data-testid={key}>
              {stats.data[key].toLocaleString('en-US')}
            </p>
          )}
        </Card>
      ))}
      <Card className="p-5 sm:col-span-2 lg:col-span-1">
        <p className="text-sm text-muted-foreground">Last Backup</p>
        {stats.isPending ? (
          <Skeleton className="mt-2 h-8 w-24" />
        ) : stats.isError ? (
          <p className="mt-2 text-sm text-error">Could not load: {stats.error.message}</p>
        ) : (
          <LastBackup backup={stats.data.backup} />
        )}
      </Card>
    </section>
  )
}

function LastBackup({ backup }: { backup: BackupOverview }) {
  const { last } = backup
  if (!last)
    return (
      <p className="mt-2 text-sm" data-testid="last-backup">
        {backup.scheduled ? BACKUP_MESSAGES.empty : `${BACKUP_MESSAGES.scheduleOff}.`}
      </p>
    )
  const failed = last.result === 'failed'
  return (
    <div className="mt-1 space-y-1 text-sm" data-testid="last-backup">
      <p className={failed ? 'font-semibold text-error' : 'font-semibold'}>
        {failed ? 'Failed' : last.result === 'running' ? 'Running' : 'Succeeded'}
        {last.bytes !== null && <span className="font-normal"> · {formatBytes(last.bytes)}</span>}
      </p>
      <p className="text-muted-foreground">
        <LocalDate iso={last.startedAt} options={DATE_TIME} />
      </p>
      {/* Two lines at most: the Backups tab has the whole message, and the cards keep one height. */}
      {failed && last.error && (
        <p className="line-clamp-2 break-words text-error" title={last.error}>
          {last.error}
        </p>
      )}
    </div>
  )
}
