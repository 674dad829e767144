import { type FormEvent, useId, useState } from 'react'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import {
  AURORA_MESSAGES,
  AURORA_THRESHOLD_MAX,
  AURORA_THRESHOLD_MIN,
  type AuroraAlertsResponse,
} from '../../../contracts/aurora.ts'
import { NEWSLETTER_MESSAGES } from '../../../contracts/newsletter-constants.ts'
import { gScaleForKp } from '../../../contracts/sky.ts'
import type { Place } from '../../../contracts/sky-tonight.ts'
import { coordinatesName } from '../../../contracts/coordinates.ts'
import { callApi } from '../../lib/api.ts'
import { usePublicConfig } from '../../lib/public-config.ts'
import { invalidate, setData, useApi } from '../../lib/store.ts'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'
import { SiteLink } from '../ui/site-link.tsx'
import { PlaceSearch, placeLabel } from './place-search.tsx'

const THRESHOLDS = Array.from(
  { length: AURORA_THRESHOLD_MAX - AURORA_THRESHOLD_MIN + 1 },
  (_, i) => AURORA_THRESHOLD_MIN + i,
)
const STORM_NAMES = ['', 'a minor', 'a moderate', 'a strong', 'a severe', 'an extreme']

/** "Kp 6 (G2, a moderate storm)", "Kp 9 (G5, an extreme storm)", "Kp 4 (active)". */
function kpOption(kp: number): string {
  const g = gScaleForKp(kp)
  return g === 'G0' ? `Kp ${kp} (active)` : `Kp ${kp} (${g}, ${STORM_NAMES[Number(g[1])]} storm)`
}

type Named = { name: string; lat: number; lon: number }

/**
 * /profile's "Aurora alerts": on or off, the place to watch from (the home place to start with)
 * and the Kp to be told at (the place's default, or the member's own). The mail goes through
 * the member's newsletter subscription, so turning alerts on subscribes the account to sky
 * alerts only.
 */
export function AuroraAlertSettings() {
  const { features } = usePublicConfig()
  const current = useApi(API_PATHS.getAuroraAlerts, features.newsletter ? {} : null)
  const home = useApi(API_PATHS.getHomePlace, features.newsletter ? {} : null).data?.place
  // Kept here: a save replaces the form (with what the server kept), not what it said, nor the
  // name of the town chosen (the API keeps coordinates).
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [chosen, setChosen] = useState<Named | null>(null)
  const data = current.data
  const named = (list: Array<Named | null | undefined>) =>
    list.find((p) => p && data && p.lat === data.lat && p.lon === data.lon)?.name ?? null
  return (
    <Card className="mt-8 space-y-4">
      <section aria-labelledby="aurora-alerts-title" className="space-y-4">
        <div>
          <h2 id="aurora-alerts-title" className="font-display text-xl font-semibold">
            Aurora alerts
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            An e-mail when the{' '}
            <SiteLink to="/kp-index" className="underline underline-offset-2">
              Kp index
            </SiteLink>{' '}
            is forecast to reach your threshold while it is dark where you are: at most one a day.
          </p>
        </div>
        {!features.newsletter ? (
          <p className="text-sm text-muted-foreground">{NEWSLETTER_MESSAGES.notConfigured}</p>
        ) : current.data ? (
          <AuroraForm
            key={JSON.stringify(current.data)}
            saved={current.data}
            knownName={named([chosen, home])}
            onChoose={setChosen}
            onOutcome={setOutcome}
          />
        ) : current.error ? (
          <p role="alert" className="text-sm text-error">
            {current.error.message}
          </p>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            Loading your aurora alerts…
          </p>
        )}
        <p
          aria-live="polite"
          className={outcome?.ok === false ? 'text-sm text-error' : 'text-sm text-foreground'}
        >
          {outcome?.text}
        </p>
      </section>
    </Card>
  )
}

type Outcome = { ok: boolean; text: string } | null

function AuroraForm({
  saved,
  knownName,
  onChoose,
  onOutcome,
}: {
  saved: AuroraAlertsResponse
  /** The town at the saved place, when this page knows it (chosen here, or the home place). */
  knownName: string | null
  onChoose: (place: Named) => void
  onOutcome: (outcome: Outcome) => void
}) {
  const id = useId()
  const [enabled, setEnabled] = useState(saved.enabled)
  const [place, setPlace] = useState<{ name: string; lat: number; lon: number } | null>(
    saved.lat !== null && saved.lon !== null
      ? { name: knownName ?? coordinatesName(saved.lat, saved.lon), lat: saved.lat, lon: saved.lon }
      : null,
  )
  const [threshold, setThreshold] = useState<number | null>(saved.threshold)
  const [busy, setBusy] = useState(false)
  const choose = (p: Place) => {
    const named = { name: placeLabel(p), lat: p.lat, lon: p.lon }
    setPlace(named)
    onChoose(named)
  }
  const samePlace = place && place.lat === saved.lat && place.lon === saved.lon
  const defaultKp = samePlace ? saved.defaultThreshold : null

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (enabled && !place) {
      onOutcome({ ok: false, text: AURORA_MESSAGES.place })
      return
    }
    setBusy(true)
    onOutcome(null)
    try {
      const next = await callApi(API_PATHS.saveAuroraAlerts, {
        enabled,
        lat: place?.lat ?? null,
        lon: place?.lon ?? null,
        threshold,
      })
      // The subscription the alerts go through changed with them.
      void invalidate(API_PATHS.getMemberNewsletter)
      const member = enabled
        ? await callApi(API_PATHS.getMemberNewsletter, {}).catch(() => null)
        : null
      onOutcome({
        ok: true,
        text:
          member && !member.confirmed
            ? 'Saved. Alerts start once you confirm your address: open the link we sent to your inbox.'
            : AURORA_MESSAGES.saved,
      })
      setData(API_PATHS.getAuroraAlerts, {}, next)
    } catch (error) {
      onOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-5">
      <div className="flex items-start gap-3">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          className="mt-1 h-4 w-4 shrink-0 accent-primary"
        />
        <label htmlFor={`${id}-on`} className="text-sm font-medium">
          Send me aurora alerts
        </label>
      </div>
      <div className="space-y-2">
        <p className="text-sm" data-testid="aurora-place">
          {place ? (
            <>
              Watching from <strong className="font-medium">{place.name}</strong>.
            </>
          ) : (
            'Choose the place to watch the sky from.'
          )}
        </p>
        <PlaceSearch label="Place for aurora alerts" onSelect={choose} />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-kp`} className="block text-sm font-medium">
          Alert me at
        </label>
        <select
          id={`${id}-kp`}
          value={threshold ?? ''}
          onChange={(e) => setThreshold(e.target.value === '' ? null : Number(e.target.value))}
          aria-describedby={`${id}-kp-hint`}
          className="h-10 w-full max-w-sm rounded-lg border border-border bg-background px-3 text-sm"
        >
          <option value="">
            {defaultKp !== null
              ? `The default for this place (Kp ${defaultKp})`
              : 'The default for the place'}
          </option>
          {THRESHOLDS.map((kp) => (
            <option key={kp} value={kp}>
              {kpOption(kp)}
            </option>
          ))}
        </select>
        <p id={`${id}-kp-hint`} className="text-sm text-muted-foreground">
          The default is the Kp at which the aurora usually reaches your place’s magnetic latitude.
          Lower means more alerts, some of faint aurora low on the horizon.
        </p>
      </div>
      <Button type="submit" disabled={busy}>
        Save aurora alerts
      </Button>
    </form>
  )
}
