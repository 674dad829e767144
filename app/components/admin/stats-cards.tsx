import { Card } from '../ui/card.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { useAdminStats } from './admin-api.ts'

const STATS = [
  ['totalBlogPosts', 'Total Blog Posts'],
  ['totalPages', 'Total Pages'],
  ['totalYoutubeVideos', 'Total YouTube Videos'],
  ['unreadMessages', 'Unread Messages'],
] as const

/** The dashboard totals, counted over every status, and the contact messages still unread. */
export function StatsCards() {
  const stats = useAdminStats()
  return (
    <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
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
    </section>
  )
}
