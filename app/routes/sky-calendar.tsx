import {
  calendarSearch,
  placeLabel,
  SKY_EVENT_KIND_LABELS,
  SKY_EVENT_KINDS,
  type SkyEvent,
  type SkyEventKind,
} from '../../contracts/sky-events.ts'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { Badge } from '../components/ui/badge.tsx'
import { Button } from '../components/ui/button.tsx'
import { Input } from '../components/ui/input.tsx'
import { appContext } from '../lib/app-context.ts'
import { MONTHS } from '../lib/format.ts'
import { pageMeta } from '../lib/meta.ts'
import { calendarPlace, calendarQuery } from '../lib/sky-calendar.server.ts'
import type { Route } from './+types/sky-calendar'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, origin } = context.get(appContext)
  const parsed = calendarQuery(new URL(request.url))
  const query = parsed.success ? parsed.data : {}
  const { place, chosen } = calendarPlace(query, null)
  const calendar = await services.skyEvents.list({ ...query, lat: place.lat, lon: place.lon })
  return {
    ...calendar,
    filtered: Boolean(parsed.success && parsed.data.kinds?.length),
    chosenPlace: chosen,
    problem: parsed.success ? null : (parsed.error.issues[0]?.message ?? null),
    host: new URL(origin).host,
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Sky calendar',
    description:
      'The coming 12 months in the sky: moon phases, eclipses, oppositions, conjunctions, meteor showers and live streams, with a calendar to subscribe to.',
    path: '/sky-calendar',
  })

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** Written out by hand in UTC so the server and every browser print the same text. */
function when(event: SkyEvent) {
  const t = new Date(event.start)
  const day = `${WEEKDAYS[t.getUTCDay()]} ${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]?.slice(0, 3)}`
  return event.allDay ? day : `${day}, ${event.start.slice(11, 16)} UTC`
}

function byMonth(events: SkyEvent[]) {
  const groups: { key: string; label: string; events: SkyEvent[] }[] = []
  for (const event of events) {
    const key = event.start.slice(0, 7)
    let group = groups.at(-1)
    if (group?.key !== key) {
      const t = new Date(event.start)
      group = { key, label: `${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`, events: [] }
      groups.push(group)
    }
    group.events.push(event)
  }
  return groups
}

function EventItem({ event }: { event: SkyEvent }) {
  const seen = event.visibility
  return (
    <li
      id={event.id}
      className="rounded-xl border border-border bg-card p-4"
      data-kind={event.kind}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold">
          {event.url ? (
            <a href={event.url} className="underline underline-offset-2" rel="noopener">
              {event.title}
            </a>
          ) : (
            event.title
          )}
        </h3>
        <Badge variant="outline">{SKY_EVENT_KIND_LABELS[event.kind]}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        <time dateTime={event.start}>{when(event)}</time>
      </p>
      <p className="mt-2 text-sm">{event.explanation}</p>
      {seen && (
        <p className="mt-2 text-sm font-medium">
          <span className="sr-only">From {placeLabel(seen.place)}: </span>
          {seen.summary}
        </p>
      )}
    </li>
  )
}

function Filter({
  kinds,
  filtered,
  lat,
  lon,
}: {
  kinds: readonly SkyEventKind[]
  filtered: boolean
  lat: string
  lon: string
}) {
  return (
    <form method="get" action="/sky-calendar" className="mb-8 rounded-xl border border-border p-4">
      <fieldset>
        <legend className="mb-2 font-semibold">Show</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-5">
          {SKY_EVENT_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="kinds"
                value={kind}
                defaultChecked={filtered && kinds.includes(kind)}
                className="h-4 w-4"
              />
              {SKY_EVENT_KIND_LABELS[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="mb-2 font-semibold">Eclipses seen from</legend>
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            Latitude
            <Input name="lat" defaultValue={lat} inputMode="decimal" className="mt-1 w-32" />
          </label>
          <label className="text-sm">
            Longitude
            <Input name="lon" defaultValue={lon} inputMode="decimal" className="mt-1 w-32" />
          </label>
          <Button type="submit">Apply</Button>
        </div>
      </fieldset>
    </form>
  )
}

export default function SkyCalendarPage({ loaderData }: Route.ComponentProps) {
  const { events, kinds, place, filtered, chosenPlace, problem, host } = loaderData
  const search = calendarSearch(filtered ? kinds : null, chosenPlace ? place : null)
  const groups = byMonth(events)
  return (
    <PageContainer>
      <PageHeading
        title="Sky calendar"
        subtitle="The coming 12 months: moon phases, eclipses, planets at their best, close pairings, meteor showers and the channel’s live streams. Times are in UTC."
      />
      <div className="mb-6 flex flex-wrap gap-3">
        <Button asChild>
          <a href={`webcal://${host}/sky-calendar.ics${search}`}>Subscribe</a>
        </Button>
        <Button asChild variant="outline">
          <a href={`/sky-calendar.ics${search}`} download="sky-calendar.ics">
            Download
          </a>
        </Button>
      </div>
      {problem && (
        <p role="alert" className="mb-4 text-sm text-error">
          {problem}
        </p>
      )}
      <Filter
        kinds={kinds}
        filtered={filtered}
        lat={chosenPlace && place ? String(place.lat) : ''}
        lon={chosenPlace && place ? String(place.lon) : ''}
      />
      {place && (
        <p className="mb-6 text-sm text-muted-foreground">
          Eclipse visibility for {placeLabel(place)}
          {chosenPlace ? '' : ' (Greenwich; enter a latitude and longitude for your own place)'}.
        </p>
      )}
      {groups.length === 0 ? (
        <p>No events of these kinds in the coming 12 months.</p>
      ) : (
        groups.map((group) => (
          <section key={group.key} aria-labelledby={`month-${group.key}`} className="mb-10">
            <h2 id={`month-${group.key}`} className="mb-4 font-display text-2xl font-bold">
              {group.label}
            </h2>
            <ul className="grid gap-3">
              {group.events.map((event) => (
                <EventItem key={event.id} event={event} />
              ))}
            </ul>
          </section>
        ))
      )}
    </PageContainer>
  )
}
