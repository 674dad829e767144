import { useState } from 'react'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import {
  NEWSLETTER_MESSAGES,
  type NewsletterPreferences,
  type NewsletterSubscriptionView,
} from '../../../contracts/newsletter-constants.ts'
import { callApi } from '../../lib/api.ts'
import { settled } from '../../lib/api-result.ts'
import { usePublicConfig } from '../../lib/public-config.ts'
import { invalidate, setData, useApi } from '../../lib/store.ts'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { PreferencesForm } from './preferences-form.tsx'

const fallbackMessage = NEWSLETTER_MESSAGES.requestFailed
const PENDING = 'Almost there: open the link we sent to your inbox to confirm your address.'

/** /profile's "E-mail from {site}": the member's own subscription, on the account's address. */
export function MemberNewsletter() {
  const { siteName, features } = usePublicConfig()
  const current = settled(
    useApi(API_PATHS.getMemberNewsletter, features.newsletter ? {} : null, {
      retries: 1,
      fallbackMessage,
    }),
  )
  // Outlives the form it comes from: unsubscribing swaps the preferences for a Subscribe button.
  const [notice, setNotice] = useState<string | null>(null)
  const title = `E-mail from ${siteName}`
  let body
  if (!features.newsletter) {
    body = <p className="text-sm text-muted-foreground">{NEWSLETTER_MESSAGES.notConfigured}</p>
  } else if (current.isPending) {
    body = (
      <div role="status" aria-label="Loading e-mail preferences" className="space-y-3">
        <Skeleton className="h-5 w-64" />
        <Skeleton className="h-5 w-48" />
      </div>
    )
  } else if (current.isError || !current.data) {
    body = (
      <p role="alert" className="text-sm text-error">
        {current.error?.message ?? fallbackMessage}
      </p>
    )
  } else {
    body = <Subscription view={current.data} onNotice={setNotice} />
  }
  return (
    <Card className="mt-8 space-y-4">
      <section aria-labelledby="member-newsletter-title" className="space-y-4">
        <div>
          <h2 id="member-newsletter-title" className="font-display text-xl font-semibold">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            New posts and a weekly digest, sent to your account’s address.
          </p>
        </div>
        {body}
        <p aria-live="polite" className="text-sm empty:hidden">
          {notice}
        </p>
      </section>
    </Card>
  )
}

async function change(input: { subscribed?: boolean } & Partial<NewsletterPreferences>) {
  const next = await callApi(API_PATHS.updateMemberNewsletter, input, { fallbackMessage })
  setData(API_PATHS.getMemberNewsletter, {}, next)
  // Aurora alerts are on only while the subscription takes sky alerts.
  void invalidate(API_PATHS.getAuroraAlerts)
  return next
}

function Subscription({
  view,
  onNotice,
}: {
  view: NewsletterSubscriptionView
  onNotice: (notice: string | null) => void
}) {
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  if (!view.subscribed) {
    const subscribe = async () => {
      setBusy(true)
      setProblem(null)
      try {
        const next = await change({ subscribed: true })
        onNotice(
          next.confirmed ? 'You are subscribed.' : 'Check your inbox for the confirmation link.',
        )
      } catch (error) {
        setProblem(error instanceof Error ? error.message : fallbackMessage)
      } finally {
        setBusy(false)
      }
    }
    return (
      <div className="space-y-3">
        <p className="text-sm">
          You are not subscribed. Mail would go to{' '}
          <strong className="font-medium">{view.email}</strong>.
        </p>
        <Button onClick={() => void subscribe()} disabled={busy}>
          Subscribe
        </Button>
        <p aria-live="polite" className="text-sm text-error">
          {problem}
        </p>
      </div>
    )
  }
  return (
    <div className="space-y-4">
      <p className="text-sm">
        Sent to <strong className="font-medium">{view.email}</strong>.
      </p>
      {!view.confirmed && (
        <p className="rounded-lg border border-border bg-muted px-3 py-2 text-sm">{PENDING}</p>
      )}
      <PreferencesForm
        view={view}
        save={(preferences) => {
          onNotice(null)
          return change(preferences)
        }}
        unsubscribe={async () => {
          const next = await change({ subscribed: false })
          onNotice(NEWSLETTER_MESSAGES.unsubscribed)
          return next
        }}
        savedMessage={(saved) => (saved.confirmed ? NEWSLETTER_MESSAGES.preferencesSaved : PENDING)}
      />
    </div>
  )
}
