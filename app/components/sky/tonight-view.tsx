import type { SkyEvent } from '../../../contracts/sky-events.ts'
import type {
  NightSpan,
  PlanetTonight,
  SunEvent,
  TonightResponse,
} from '../../../contracts/sky-tonight.ts'
import { dateFormatter } from '../../lib/date-format.ts'
import { cn } from '../../lib/cn.ts'
import { Card } from '../ui/card.tsx'
import { Table, Td, Th } from '../ui/table.tsx'

/** "22:10" on the place's own clock, on the server render and in the browser alike. */
export function clock(iso: string, timeZone: string): string {
  return dateFormatter('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))
}

/** "Thu 26 Nov" on the place's calendar. */
function day(iso: string, timeZone: string): string {
  return dateFormatter('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(iso))
}

/** "Thursday 26 November 2026" for a calendar day. */
export function longDate(date: string): string {
  return dateFormatter('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`))
}

function duration(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`
}

type SunRow = [label: string, field: keyof TonightResponse['sun'], degrees: number]
const SUN_ROWS: SunRow[] = [
  ['Sunset', 'set', 0],
  ['End of civil twilight', 'civilDusk', 6],
  ['End of nautical twilight', 'nauticalDusk', 12],
  ['End of astronomical twilight', 'astronomicalDusk', 18],
  ['Start of astronomical twilight', 'astronomicalDawn', 18],
  ['Start of nautical twilight', 'nauticalDawn', 12],
  ['Start of civil twilight', 'civilDawn', 6],
  ['Sunrise', 'rise', 0],
]

function sunText(event: SunEvent, degrees: number, timeZone: string): string {
  if (event.kind === 'time') return clock(event.at, timeZone)
  if (degrees === 0) {
    return event.kind === 'above-all-night'
      ? 'The sun does not set (polar day)'
      : 'The sun does not rise (polar night)'
  }
  return event.kind === 'above-all-night'
    ? `Not tonight: the sun stays within ${degrees}° of the horizon`
    : `All night: the sun stays more than ${degrees}° down`
}

/** One sentence on the night as a whole. */
export function nightSummary(night: TonightResponse): string {
  const zone = night.place.timeZone
  const spans = (list: NightSpan[]) =>
    list.map((s) => `${clock(s.start, zone)}–${clock(s.end, zone)}`).join(' and ')
  switch (night.kind) {
    case 'polar-day':
      return 'Polar day: the sun does not set tonight, and the sky never gets dark.'
    case 'no-astronomical-darkness':
      return 'The sun sets, but the sky never gets fully dark tonight: no astronomical darkness.'
    default: {
      const lead = night.kind === 'polar-night' ? 'Polar night: the sun does not rise. ' : ''
      if (night.dark.length === 0) {
        return `${lead}The Moon is up through all of tonight's darkness: no dark window.`
      }
      return `${lead}Dark window: ${spans(night.dark)} (${duration(night.darkMinutes)} of dark sky with the Moon down).`
    }
  }
}

export function NightTimes({ night }: { night: TonightResponse }) {
  const zone = night.place.timeZone
  const { moon } = night
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card className="p-5">
        <h2 className="font-display text-lg font-semibold">The Sun</h2>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
          {SUN_ROWS.map(([label, field, degrees]) => (
            <div key={field} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium tabular-nums" data-sun={field}>
                {sunText(night.sun[field], degrees, zone)}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card className="p-5">
        <h2 className="font-display text-lg font-semibold">The Moon</h2>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">Moonrise</dt>
          <dd className="text-right font-medium tabular-nums">
            {moon.rise ? `${clock(moon.rise, zone)} (${day(moon.rise, zone)})` : 'Does not rise'}
          </dd>
          <dt className="text-muted-foreground">Moonset</dt>
          <dd className="text-right font-medium tabular-nums">
            {moon.set ? `${clock(moon.set, zone)} (${day(moon.set, zone)})` : 'Does not set'}
          </dd>
          <dt className="text-muted-foreground">Phase</dt>
          <dd className="text-right font-medium">{moon.phaseName}</dd>
          <dt className="text-muted-foreground">Illuminated</dt>
          <dd className="text-right font-medium tabular-nums">{Math.round(moon.illumination)} %</dd>
        </dl>
      </Card>
    </div>
  )
}

const BAR_PARTS = [
  ['twilight', 'Twilight', 'bg-sky-700/70'],
  ['moonlit', 'Dark, Moon up', 'bg-slate-400'],
  ['dark', 'Dark window', 'bg-indigo-950 dark:bg-black'],
] as const

/** The night from sunset to sunrise as a bar; the sentence above it says the same in words. */
export function DarkBar({ night }: { night: TonightResponse }) {
  const zone = night.place.timeZone
  return (
    <Card className="p-5">
      <h2 className="font-display text-lg font-semibold">The dark window</h2>
      <p className="mt-2 text-sm" data-testid="night-summary">
        {nightSummary(night)}
      </p>
      <div
        aria-hidden="true"
        className="relative mt-4 h-8 overflow-hidden rounded-lg border border-border bg-amber-200"
      >
        {BAR_PARTS.flatMap(([key, , color]) =>
          night[key].map((s) => (
            <div
              key={`${key}-${s.start}`}
              className={cn('absolute inset-y-0', color)}
              style={{ left: `${s.from * 100}%`, width: `${(s.to - s.from) * 100}%` }}
            />
          )),
        )}
      </div>
      <div className="mt-1 flex justify-between text-xs text-muted-foreground tabular-nums">
        <span>{clock(night.bar.start, zone)}</span>
        <span>{clock(night.bar.end, zone)}</span>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {BAR_PARTS.map(([key, label, color]) => (
          <li key={key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('inline-block size-3 rounded-sm', color)} />
            {label}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-amber-200" />
          Sun up
        </li>
      </ul>
    </Card>
  )
}

function planetTime(iso: string | null, zone: string) {
  return iso ? clock(iso, zone) : '—'
}

const verdictTone = (p: PlanetTonight) =>
  p.verdict.kind === 'well-placed' ? 'text-success font-medium' : 'text-muted-foreground'

export function PlanetsTable({ night }: { night: TonightResponse }) {
  const zone = night.place.timeZone
  return (
    <section aria-labelledby="planets-heading">
      <h2 id="planets-heading" className="font-display text-lg font-semibold">
        The planets tonight
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Well placed: at least 10° high while the Sun is more than 12° below the horizon, and at
        least 15° from the Sun.
      </p>
      <div className="mt-3 hidden sm:block">
        <Table label="Planet times">
          <thead>
            <tr>
              <Th>Planet</Th>
              <Th>Rises</Th>
              <Th>Highest</Th>
              <Th>Sets</Th>
              <Th>Mag.</Th>
              <Th>Constellation</Th>
              <Th>Tonight</Th>
            </tr>
          </thead>
          <tbody>
            {night.planets.map((p) => (
              <tr key={p.name}>
                <Td className="font-medium">{p.name}</Td>
                <Td className="tabular-nums">{planetTime(p.rise, zone)}</Td>
                <Td className="tabular-nums">
                  {p.transit
                    ? `${clock(p.transit.at, zone)} at ${Math.round(p.transit.altitude)}°`
                    : '—'}
                </Td>
                <Td className="tabular-nums">{planetTime(p.set, zone)}</Td>
                <Td className="tabular-nums">{p.magnitude.toFixed(1)}</Td>
                <Td>{p.constellation}</Td>
                <Td className={verdictTone(p)}>{p.verdict.text}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <ul className="mt-3 grid gap-3 sm:hidden">
        {night.planets.map((p) => (
          <li key={p.name}>
            <Card className="p-4">
              <div className="flex items-baseline justify-between gap-3">
                <h3 className="font-semibold">{p.name}</h3>
                <span className="text-xs text-muted-foreground">
                  {p.constellation} · mag. {p.magnitude.toFixed(1)}
                </span>
              </div>
              <p className={cn('mt-1 text-sm', verdictTone(p))}>{p.verdict.text}</p>
              <p className="mt-1 text-xs text-muted-foreground tabular-nums">
                Rises {planetTime(p.rise, zone)} · highest{' '}
                {p.transit
                  ? `${clock(p.transit.at, zone)} at ${Math.round(p.transit.altitude)}°`
                  : '—'}{' '}
                · sets {planetTime(p.set, zone)}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function NextEvents({ events, timeZone }: { events: SkyEvent[]; timeZone: string }) {
  if (events.length === 0) return null
  return (
    <section aria-labelledby="events-heading">
      <h2 id="events-heading" className="font-display text-lg font-semibold">
        Coming up in the sky
      </h2>
      <ul className="mt-3 grid gap-3 md:grid-cols-3">
        {events.map((e) => (
          <li key={e.id}>
            <Card className="h-full p-4">
              <p className="text-xs text-muted-foreground tabular-nums">
                {day(e.start, timeZone)}
                {e.allDay ? '' : `, ${clock(e.start, timeZone)}`}
              </p>
              <h3 className="mt-1 font-semibold">{e.title}</h3>
              {e.visibility && <p className="mt-1 text-sm">{e.visibility.summary}</p>}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}
