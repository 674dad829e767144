import { type FormEvent, useId, useState } from 'react'
import { useHydrated } from '../../lib/hydrated.ts'
import { Button } from '../ui/button.tsx'
import type { SubscribeOutcome } from './subscribe-request.ts'

/**
 * "Get new posts by e-mail": in the footer of every page and at the end of every post. The pages
 * load it after their first load (lazy, in a Suspense boundary: the server's HTML shows it at
 * once), and it carries no validation library and no API client; both load on the first submit.
 */
export default function SubscribeForm({ className }: { className?: string }) {
  const id = useId()
  // Until it hydrates, the browser would submit the form itself (the address into a URL).
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<SubscribeOutcome | null>(null)
  const fieldError = outcome && !outcome.ok && outcome.field ? outcome.message : null

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    setBusy(true)
    try {
      const { requestSubscription } = await import('./subscribe-request.ts')
      const result = await requestSubscription(
        String(data.get('email') ?? ''),
        String(data.get('website') ?? ''),
      )
      setOutcome(result)
      if (result.ok) form.reset()
    } catch {
      // The chunk itself did not load (offline, or a new deployment): say so in the same place.
      setOutcome({ ok: false, message: 'That did not work. Please try again.', field: false })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className={`relative ${className ?? ''}`}
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Get new posts by e-mail
      </h2>
      <label htmlFor={`${id}-email`} className="mt-2 block text-sm text-muted-foreground">
        Your e-mail address
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          className="h-10 w-full min-w-0 rounded-lg border border-border bg-background px-3 text-sm text-foreground placeholder:text-muted-foreground focus:border-ring focus:outline-none aria-[invalid=true]:border-error sm:max-w-xs"
          placeholder="you@example.com"
        />
        <Button type="submit" disabled={busy || !hydrated} className="shrink-0">
          {busy ? 'Subscribing…' : 'Subscribe'}
        </Button>
      </div>
      {/* Hidden from people and screen readers; bots fill it in and are dropped. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p
        id={`${id}-error`}
        aria-live="polite"
        className={`mt-2 text-sm ${outcome?.ok ? 'text-foreground' : 'text-error'}`}
      >
        {outcome?.message}
      </p>
    </form>
  )
}
