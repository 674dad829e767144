import type { ReactNode } from 'react'
import type { MoonPhaseResponse } from '../../../contracts/sky.ts'
import {
  daysAway,
  describeDaysAway,
  formatDistance,
  formatIllumination,
  formatMoonAge,
} from '../../lib/sky-format.ts'
import type { SkyView } from '../../lib/sky.ts'
import { Card } from '../ui/card.tsx'
import { TermList } from '../ui/term-list.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { StateMessage } from '../ui/state-message.tsx'
import { FreshnessNote } from './freshness-note.tsx'
import { MoonDrawing } from './moon-drawing.tsx'
import { useHydrated } from '../../lib/hydrated.ts'
import { useVisitorTimeZone } from './visitor-time.ts'

export const MOON_TEXT = {
  errorTitle: 'Failed to Fetch Moon Data',
  loading: 'Loading moon phase',
  credit: 'Computed with the astronomy-engine ephemeris',
} as const

const EVENT_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
}

function Detail({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-display text-xl font-semibold sm:text-2xl">{value}</dd>
      {note && <dd className="mt-1 text-sm text-muted-foreground">{note}</dd>}
    </Card>
  )
}

function NextPhase({
  label,
  iso,
  now,
  timeZone,
}: {
  label: string
  iso: string
  now: Date
  timeZone: string | undefined
}) {
  return (
    <Detail
      label={label}
      value={describeDaysAway(daysAway(iso, now, timeZone))}
      note={<LocalDate iso={iso} options={EVENT_FORMAT} />}
    />
  )
}

export function MoonPhaseDetails({ moon }: { moon: MoonPhaseResponse }) {
  const hydrated = useHydrated()
  const timeZone = useVisitorTimeZone()
  // The server render counts days from the moment of the calculation; the browser from its own now.
  const now = hydrated ? new Date() : new Date(moon.fetchedAt)
  const waxing = Date.parse(moon.nextFullMoon) < Date.parse(moon.nextNewMoon)
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className="flex flex-col items-center justify-center gap-5 py-10 text-center">
          <MoonDrawing
            phaseName={moon.phaseName}
            illumination={moon.illumination}
            waxing={waxing}
            className="h-56 w-56 drop-shadow-xl sm:h-64 sm:w-64"
          />
          <div>
            <h2 className="font-display text-3xl font-bold">{moon.phaseName}</h2>
            <p className="mt-1 text-muted-foreground">
              {formatIllumination(moon.illumination)} of the disc is lit ·{' '}
              {waxing ? 'waxing' : 'waning'}
            </p>
          </div>
        </Card>
        <dl className="grid grid-cols-2 content-start gap-3 sm:gap-4" aria-label="Moon details">
          <Detail label="Illumination" value={formatIllumination(moon.illumination)} />
          <Detail
            label="Moon Age"
            value={formatMoonAge(moon.age)}
            note="Days since the last new moon"
          />
          <Detail
            label="Distance from Earth"
            value={formatDistance(moon.distance)}
            note="Centre to centre"
          />
          <Detail
            label="Zodiac Sign"
            value={moon.zodiac}
            note="Tropical sign of the Moon's position"
          />
          <NextPhase label="Next Full Moon" iso={moon.nextFullMoon} now={now} timeZone={timeZone} />
          <NextPhase label="Next New Moon" iso={moon.nextNewMoon} now={now} timeZone={timeZone} />
        </dl>
      </div>
      <FreshnessNote
        freshness={moon}
        source="The Moon calculation"
        credit={MOON_TEXT.credit}
        label="Calculated"
      />
    </div>
  )
}

export function MoonPhaseSkeleton() {
  return (
    <div
      role="status"
      aria-label={MOON_TEXT.loading}
      className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
    >
      <span className="sr-only">{MOON_TEXT.loading}</span>
      <Card className="flex flex-col items-center gap-5 py-10">
        <Skeleton className="h-56 w-56 rounded-full" />
        <Skeleton className="h-8 w-48" />
      </Card>
      <div className="grid grid-cols-2 content-start gap-3 sm:gap-4">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-2xl" />
        ))}
      </div>
    </div>
  )
}

export function MoonPhaseState({ view }: { view: SkyView<MoonPhaseResponse> }) {
  if (view.status === 'ready') return <MoonPhaseDetails moon={view.data} />
  if (view.status === 'error')
    return (
      <StateMessage title={MOON_TEXT.errorTitle} tone="error">
        <p>Error: {view.message}</p>
      </StateMessage>
    )
  return <MoonPhaseSkeleton />
}

const PHASES = [
  [
    'New Moon',
    'The Moon sits between Earth and the Sun; its lit side faces away from us and it is lost in the Sun’s glare.',
  ],
  [
    'Waxing Crescent',
    'A thin sliver appears in the western sky after sunset, growing a little each evening.',
  ],
  [
    'First Quarter',
    'Half the disc is lit. The Moon is a quarter of the way around its orbit and high at sunset.',
  ],
  [
    'Waxing Gibbous',
    'More than half is lit and growing: a fine time to watch craters along the terminator.',
  ],
  [
    'Full Moon',
    'The Moon is opposite the Sun, fully lit, rising at sunset and setting at sunrise.',
  ],
  [
    'Waning Gibbous',
    'The lit part shrinks night by night and the Moon rises later, well after dark.',
  ],
  [
    'Third Quarter',
    'Half lit again, the other half this time; it rises around midnight and lingers into the morning.',
  ],
  [
    'Waning Crescent',
    'A thin crescent low in the east before dawn, shrinking toward the next new moon.',
  ],
] as const

export function MoonEducation() {
  return (
    <section
      aria-labelledby="moon-learn"
      className="mt-14 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
    >
      <div className="space-y-4 leading-relaxed text-muted-foreground">
        <h2 id="moon-learn" className="font-display text-2xl font-bold text-foreground">
          Understanding the Moon’s Phases
        </h2>
        <p>
          The Moon makes no light of its own. Half of it is always lit by the Sun, and as it orbits
          Earth we see a changing share of that sunlit half. One full cycle, from new moon to new
          moon, is the synodic month: about 29.5 days.
        </p>
        <p>
          From the northern hemisphere a waxing Moon is lit on the right and a waning Moon on the
          left, as in the drawing above. South of the equator the view is mirrored: the waxing
          crescent is lit on the left.
        </p>
        <p>
          The Moon’s distance changes too. Its orbit is an ellipse, so it swings between about
          356,000 km at perigee and 407,000 km at apogee; a full moon near perigee looks slightly
          larger and brighter, the so-called supermoon.
        </p>
        <p>
          For observing, the days around first quarter are the best: shadows along the terminator
          make craters and mountains stand out. Near full moon the sky is bright, which is lovely
          for the Moon itself but washes out faint galaxies and nebulae.
        </p>
      </div>
      <Card>
        <h3 className="font-display text-lg font-semibold">The eight phases</h3>
        <TermList terms={PHASES} className="mt-4" />
      </Card>
    </section>
  )
}
