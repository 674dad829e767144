import { type FormEvent, useId, useState } from 'react'
import {
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PREFERENCES,
  type NewsletterPreference,
  type NewsletterPreferences,
  type NewsletterSubscriptionView,
} from '../../../contracts/newsletter-constants.ts'
import { Button } from '../ui/button.tsx'

const CHOICES: Record<NewsletterPreference, { label: string; hint: string }> = {
  posts: { label: 'New posts', hint: 'Each new post, when it is published.' },
  digest: {
    label: 'Weekly digest',
    hint: 'A summary on Sunday morning, only in weeks with something new.',
  },
  alerts: {
    label: 'Sky alerts',
    hint: 'Aurora alerts for the place and the Kp a member chooses on their profile.',
  },
}

type Outcome = { ok: boolean; text: string } | null

/**
 * Sky alerts need a place, which only a member's profile holds: an address without an account
 * is offered them only to turn off what it had.
 */
const shown = (view: NewsletterSubscriptionView) =>
  NEWSLETTER_PREFERENCES.filter(
    (key) => key !== 'alerts' || view.kind === 'member' || view.preferences.alerts,
  )

/**
 * The preferences of one subscription, on the preferences page (by a mail's signed link) and on
 * /profile: what it receives, Save, and unsubscribing from everything.
 */
export function PreferencesForm({
  view,
  save,
  unsubscribe,
  savedMessage = NEWSLETTER_MESSAGES.preferencesSaved,
}: {
  view: NewsletterSubscriptionView
  save: (preferences: NewsletterPreferences) => Promise<NewsletterSubscriptionView>
  unsubscribe: () => Promise<NewsletterSubscriptionView>
  /** What a successful save says (a member waiting for confirmation is told so). */
  savedMessage?: string | ((saved: NewsletterSubscriptionView) => string)
}) {
  const id = useId()
  const [chosen, setChosen] = useState<NewsletterPreferences>(view.preferences)
  // Changed elsewhere (turning aurora alerts on or off changes `alerts`): the boxes follow.
  const [shownFor, setShownFor] = useState(view.preferences)
  if (shownFor !== view.preferences) {
    setShownFor(view.preferences)
    setChosen(view.preferences)
  }
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)

  async function run(work: () => Promise<NewsletterSubscriptionView>, said: typeof savedMessage) {
    setBusy(true)
    try {
      const next = await work()
      setChosen(next.preferences)
      setOutcome({ ok: true, text: typeof said === 'function' ? said(next) : said })
    } catch (error) {
      setOutcome({
        ok: false,
        text: error instanceof Error ? error.message : NEWSLETTER_MESSAGES.requestFailed,
      })
    } finally {
      setBusy(false)
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void run(() => save(chosen), savedMessage)
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium">What would you like to receive?</legend>
        {shown(view).map((key) => (
          <div key={key} className="flex items-start gap-3">
            <input
              id={`${id}-${key}`}
              type="checkbox"
              checked={chosen[key]}
              onChange={(e) => setChosen({ ...chosen, [key]: e.target.checked })}
              aria-describedby={`${id}-${key}-hint`}
              className="mt-1 h-4 w-4 shrink-0 accent-primary"
            />
            <div>
              <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
                {CHOICES[key].label}
              </label>
              <p id={`${id}-${key}-hint`} className="text-sm text-muted-foreground">
                {CHOICES[key].hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          Save
        </Button>
        {view.subscribed && (
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => void run(unsubscribe, NEWSLETTER_MESSAGES.unsubscribed)}
          >
            Unsubscribe from everything
          </Button>
        )}
      </div>
      <p
        aria-live="polite"
        className={outcome?.ok === false ? 'text-sm text-error' : 'text-sm text-foreground'}
      >
        {outcome?.text}
      </p>
    </form>
  )
}
