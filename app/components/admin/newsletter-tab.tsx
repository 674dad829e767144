import { useId, useState } from 'react'
import { toast } from 'sonner'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import {
  NEWSLETTER_MESSAGES,
  NEWSLETTER_SENDS_PAGE_SIZE,
  type NewsletterAudience,
  type NewsletterKind,
  type NewsletterSendSummary,
  type NewsletterStats,
} from '../../../contracts/newsletter-constants.ts'
import { settled } from '../../lib/api-result.ts'
import { callApi } from '../../lib/api.ts'
import { invalidate, useApi } from '../../lib/store.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { messageOf } from './admin-api.ts'
import { Pager } from './pager.tsx'

/** While a send is going, its counts are asked for again this often. */
export const NEWSLETTER_POLL_MS = 3000
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

const KIND_LABELS: Record<NewsletterKind, string> = {
  post: 'New post',
  digest: 'Weekly digest',
  alert: 'Sky alert',
}
const AUDIENCE_LABELS: Record<NewsletterAudience, string> = {
  all: 'Everyone',
  members: 'Members',
  'email-only': 'E-mail only',
}

const SUBSCRIBER_COUNTS = [
  ['members', 'Members'],
  ['emailOnly', 'E-mail only'],
  ['confirmed', 'Confirmed'],
  ['unconfirmed', 'Unconfirmed'],
  ['unsubscribed', 'Unsubscribed'],
] as const satisfies ReadonlyArray<readonly [keyof NewsletterStats, string]>

const PREFERENCE_COUNTS = [
  ['posts', 'New posts'],
  ['digest', 'Weekly digest'],
  ['alerts', 'Sky alerts'],
] as const

const EXPORT_HREF = `/_api${API_PATHS.exportNewsletterSubscribers.path}`

/** A send still has deliveries to make: its counts change, so they are polled. */
export const inProgress = (send: NewsletterSendSummary) =>
  send.state !== 'sent' || send.counts.queued + send.counts.sending > 0

/** The newsletter: who subscribes, and each send with its deliveries. */
export function NewsletterTab() {
  const stats = settled(
    useApi(API_PATHS.getNewsletterStats, {}, { fallbackMessage: 'Failed to fetch subscribers' }),
  )
  return (
    <div className="space-y-8">
      {stats.data && !stats.data.configured && (
        <div
          role="status"
          data-testid="newsletter-not-configured"
          className="rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 text-sm"
        >
          <p className="font-semibold">{NEWSLETTER_MESSAGES.notConfigured}</p>
          <p className="mt-1">
            Nothing is sent until the server has an SMTP server to send through: set{' '}
            <code className="font-mono">SMTP_URL</code> (and{' '}
            <code className="font-mono">MAIL_FROM</code>) and restart it. Visitors who try to
            subscribe are told e-mail is not set up.
          </p>
        </div>
      )}
      <Subscribers stats={stats} />
      <Sends />
    </div>
  )
}

function Subscribers({ stats }: { stats: ReturnType<typeof settled<NewsletterStats>> }) {
  const count = (value: (s: NewsletterStats) => number, testId: string) =>
    stats.isPending ? (
      <Skeleton className="mt-1 h-7 w-12" />
    ) : stats.isError ? (
      <span className="text-sm text-muted-foreground">–</span>
    ) : (
      <span className="font-display text-2xl font-bold" data-testid={testId}>
        {value(stats.data).toLocaleString('en-US')}
      </span>
    )
  return (
    <section aria-labelledby="newsletter-subscribers" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="newsletter-subscribers" className="font-display text-xl font-semibold">
          Subscribers
        </h2>
        <Button variant="outline" asChild>
          <a href={EXPORT_HREF} download>
            Export subscribers (CSV)
          </a>
        </Button>
      </div>
      {stats.isError && (
        <p role="alert" className="text-sm text-error">
          Could not load the subscriber counts: {stats.error.message}
        </p>
      )}
      <Card className="p-4 sm:p-5">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {SUBSCRIBER_COUNTS.map(([key, label]) => (
            <div key={key}>
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd>{count((s) => s[key] as number, `subscribers-${key}`)}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-5 border-t border-border pt-4 text-sm font-semibold">
          Active subscribers by preference
        </h3>
        <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3">
          {PREFERENCE_COUNTS.map(([key, label]) => (
            <div key={key}>
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd>{count((s) => s.byPreference[key], `preference-${key}`)}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </section>
  )
}

function Sends() {
  const [page, setPage] = useState(1)
  const [polling, setPolling] = useState(false)
  const list = settled(
    useApi(
      API_PATHS.listNewsletterSends,
      { page, limit: NEWSLETTER_SENDS_PAGE_SIZE },
      {
        keepPrevious: true,
        // The store skips a hidden tab's polls and asks again when it is shown.
        pollMs: polling ? NEWSLETTER_POLL_MS : undefined,
        fallbackMessage: 'Failed to fetch newsletter sends',
      },
    ),
  )
  const sends = list.data?.sends
  const active = !!sends?.some(inProgress)
  if (active !== polling) setPolling(active)
  const [retrying, setRetrying] = useState<NewsletterSendSummary | null>(null)

  return (
    <section aria-labelledby="newsletter-sends" className="space-y-4">
      <h2 id="newsletter-sends" className="font-display text-xl font-semibold">
        Sends
      </h2>
      {list.isPending ? (
        <div className="space-y-3" data-testid="skeleton-sends">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="text-error">
          Error fetching newsletter sends: {list.error.message}
        </p>
      ) : !sends?.length ? (
        <p className="rounded-xl border border-border px-4 py-10 text-center text-muted-foreground">
          Nothing has been sent yet. A post is e-mailed when it is published with “E-mail this post
          to subscribers” ticked.
        </p>
      ) : (
        <ol className="space-y-4" aria-label="Newsletter sends, newest first">
          {sends.map((send) => (
            <li key={send.id}>
              <SendCard send={send} onRetry={() => setRetrying(send)} />
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} totalPages={list.data?.pagination.totalPages} onPage={setPage} />
      <ConfirmDialog
        open={retrying !== null}
        onOpenChange={(open) => !open && setRetrying(null)}
        title="Retry failed deliveries"
        message={
          retrying
            ? `Send “${retrying.subject}” again to the ${plural(retrying.counts.failed, 'subscriber')} it failed to reach?`
            : ''
        }
        note="Their attempts start over; the others do not get it twice."
        confirmLabel="Retry failed"
        busyLabel="Queuing..."
        confirmVariant="primary"
        onConfirm={async () => {
          if (!retrying) return true
          try {
            const send = await callApi(
              API_PATHS.retryNewsletterSend,
              { sendId: retrying.id },
              { fallbackMessage: 'Failed to retry the send' },
            )
            await invalidate(API_PATHS.listNewsletterSends)
            toast.success(`Queued ${plural(send.counts.queued, 'delivery', 'deliveries')} again.`)
            return true
          } catch (error) {
            toast.error(`Failed to retry: ${messageOf(error, 'Unknown error')}`)
            return false
          }
        }}
      />
    </section>
  )
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
}

function SendCard({ send, onRetry }: { send: NewsletterSendSummary; onRetry: () => void }) {
  const id = useId()
  const { queued, sending, sent, failed } = send.counts
  const total = queued + sending + sent + failed
  const going = inProgress(send)
  return (
    <Card className="p-4 sm:p-5" data-testid="newsletter-send">
      <article aria-labelledby={`${id}-subject`} className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <h3 id={`${id}-subject`} className="min-w-0 font-semibold break-words">
            {send.subject}
          </h3>
          <p className="text-sm whitespace-nowrap text-muted-foreground">
            <LocalDate iso={send.createdAt} options={DATE_TIME} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant="outline">{KIND_LABELS[send.kind]}</Badge>
          <Badge variant="secondary">To: {AUDIENCE_LABELS[send.audience]}</Badge>
          {going ? (
            <Badge variant="outline">Sending</Badge>
          ) : (
            <Badge variant={failed ? 'error' : 'success'}>{failed ? 'Finished' : 'Sent'}</Badge>
          )}
        </div>
        <dl className="grid grid-cols-3 gap-3 text-sm sm:max-w-md">
          <Count label="Queued" value={queued + sending} testId="send-queued" />
          <Count label="Sent" value={sent} testId="send-sent" />
          <Count label="Failed" value={failed} testId="send-failed" />
        </dl>
        {going && total > 0 && (
          <div className="space-y-1">
            <div className="flex justify-between text-xs text-muted-foreground">
              <span id={`${id}-progress`}>Sending</span>
              <span aria-hidden="true">
                {sent + failed} of {total}
              </span>
            </div>
            <progress
              aria-labelledby={`${id}-progress`}
              value={sent + failed}
              max={total}
              className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
            />
          </div>
        )}
        {failed > 0 && (
          <div className="space-y-2 border-t border-border pt-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="text-sm font-semibold">
                Failed deliveries
                {send.failures.length < failed && (
                  <span className="font-normal text-muted-foreground">
                    {' '}
                    (the newest {send.failures.length} of {failed})
                  </span>
                )}
              </h4>
              <Button size="sm" variant="outline" onClick={onRetry}>
                Retry failed
              </Button>
            </div>
            <ul className="divide-y divide-border rounded-lg border border-border text-sm">
              {send.failures.map((f) => (
                <li key={f.email} className="px-3 py-2" data-testid="failed-delivery">
                  <span className="font-medium break-all">{f.email}</span>
                  <span className="text-muted-foreground"> · {plural(f.attempts, 'attempt')}</span>
                  <span className="block text-xs break-words text-muted-foreground">
                    {f.lastError ?? 'No error was recorded.'}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </article>
    </Card>
  )
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold" data-testid={testId}>
        {value.toLocaleString('en-US')}
      </dd>
    </div>
  )
}
