import { useState } from 'react'
import { data } from 'react-router'
import * as API_PATHS from '../../contracts/api-paths.ts'
import {
  NEWSLETTER_MESSAGES,
  type NewsletterSubscriptionView,
} from '../../contracts/newsletter-constants.ts'
import { PreferencesForm } from '../components/newsletter/preferences-form.tsx'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { StatusCard } from '../components/status-card.tsx'
import { Card } from '../components/ui/card.tsx'
import { SiteLink } from '../components/ui/site-link.tsx'
import { callApi } from '../lib/api.ts'
import { appContext } from '../lib/app-context.ts'
import { pageMeta } from '../lib/meta.ts'
import { usePublicConfig } from '../lib/public-config.ts'
import type { Route } from './+types/email-preferences'

/**
 * The preferences page every mail links to (`?t=` signed for one subscription, no sign-in). A
 * link that is forged, damaged or expired shows only that, never a subscription.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const t = url.searchParams.get('t') ?? ''
  const ask = url.searchParams.get('unsubscribe') === '1'
  const found = await context.get(appContext).services.newsletterSubscriptions.preferencesPage(t)
  if (!found.view) return data({ t: '', ask: false, ...found }, { status: 400 })
  return { t, ask, ...found }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'E-mail preferences',
    description: 'Choose which e-mail you receive, or unsubscribe.',
    noindex: true,
  })

export default function EmailPreferences({ loaderData }: Route.ComponentProps) {
  const { siteName } = usePublicConfig()
  if (!loaderData.view) {
    return (
      <PageContainer className="py-20">
        <StatusCard title="This link does not work" tone="error">
          <p>{loaderData.problem}</p>
          <p>
            Every e-mail we send has a fresh link to this page at its end. Or subscribe again with
            the form below.
          </p>
        </StatusCard>
      </PageContainer>
    )
  }
  return (
    <Preferences
      t={loaderData.t}
      ask={loaderData.ask}
      first={loaderData.view}
      siteName={siteName}
    />
  )
}

function Preferences({
  t,
  ask,
  first,
  siteName,
}: {
  t: string
  ask: boolean
  first: NewsletterSubscriptionView
  siteName: string
}) {
  const [view, setView] = useState(first)
  const fallbackMessage = NEWSLETTER_MESSAGES.requestFailed
  const save = async (preferences: NewsletterSubscriptionView['preferences']) => {
    const next = await callApi(
      API_PATHS.updateNewsletterPreferences,
      { t, ...preferences },
      { fallbackMessage },
    )
    setView(next)
    return next
  }
  const unsubscribe = async () => {
    await callApi(API_PATHS.unsubscribeNewsletter, { t }, { fallbackMessage })
    const next = {
      ...view,
      subscribed: false,
      preferences: { posts: false, digest: false, alerts: false },
    }
    setView(next)
    return next
  }
  return (
    <PageContainer className="max-w-2xl">
      <PageHeading
        title="E-mail preferences"
        subtitle={
          <>
            What <strong className="text-foreground">{view.email}</strong> receives from {siteName}.
          </>
        }
      />
      <Card className="space-y-5">
        {ask && view.subscribed && (
          <p className="rounded-lg border border-border bg-muted px-3 py-2 text-sm">
            To stop all e-mail from {siteName}, choose “Unsubscribe from everything” below. Or keep
            only what you like.
          </p>
        )}
        {!view.subscribed && (
          <p className="rounded-lg border border-border bg-muted px-3 py-2 text-sm">
            You are unsubscribed and get no e-mail from us. Tick what you would like and save to
            subscribe again.
          </p>
        )}
        <PreferencesForm view={view} save={save} unsubscribe={unsubscribe} />
      </Card>
      <p className="mt-6 text-sm text-muted-foreground">
        <SiteLink to="/blog" className="font-medium text-primary hover:underline">
          Read the latest posts
        </SiteLink>
      </p>
    </PageContainer>
  )
}
