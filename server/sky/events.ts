import {
  SKY_EVENT_KINDS,
  type SkyEvent,
  type SkyEventKind,
  type SkyPlace,
} from '../../contracts/sky-events.ts'
import { createPause, type Pause } from '../shared/cooperative.ts'
import { DAY_MS, type Range } from './events-common.ts'
import { lunarEclipseEvents, solarEclipseEvents, withVisibility } from './events-eclipses.ts'
import { meteorShowerEvents } from './events-meteors.ts'
import { moonPhaseEvents, moonQuarters, seasonEvents, supermoonEvents } from './events-moon.ts'
import { conjunctionEvents, elongationEvents, oppositionEvents } from './events-planets.ts'

export interface SkyEventsQuery extends Range {
  kinds?: readonly SkyEventKind[]
  place?: SkyPlace | null
  /** Only the first events (in time order), so the place's view is worked out for these only. */
  limit?: number
}

/** Events in time order, then by id, so the same range always lists the same way. */
export function byStart(a: SkyEvent, b: SkyEvent) {
  return a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/**
 * Every astronomical event whose defining instant falls in the range, with no place. A year is
 * some 100 ms of CPU (several times that on a cold process): it gives way to the event loop at
 * `pause` between steps, the longest of which (a first eclipse search) is some 15 ms.
 */
export async function computeAstronomicalEvents(range: Range, pause: Pause): Promise<SkyEvent[]> {
  const quarters = await moonQuarters(range, pause)
  const events = [
    ...moonPhaseEvents(quarters),
    ...(await supermoonEvents(quarters, range, pause)),
    ...(await solarEclipseEvents(range, pause)),
    ...(await lunarEclipseEvents(range, pause)),
    ...(await oppositionEvents(range, pause)),
    ...(await conjunctionEvents(range, pause)),
    ...(await elongationEvents(range, pause)),
    ...seasonEvents(range),
    ...meteorShowerEvents(range),
  ]
  return events.sort(byStart)
}

/**
 * A UTC year's events never change: computed once and kept. The service allows the years around
 * the current one only, so all of them fit and none is computed twice. What is kept is the
 * computation's promise, so requests that ask for a year while it is being computed wait for that
 * computation instead of starting another.
 */
// From last year to five years ahead, and the day either side of that range: nine years.
const YEARS_KEPT = 10
const years = new Map<number, Promise<SkyEvent[]>>()

function eventsOfYear(year: number): Promise<SkyEvent[]> {
  let events = years.get(year)
  if (events) {
    years.delete(year)
  } else {
    const from = new Date(Date.UTC(year, 0, 1))
    // The range's end is inclusive: stop a millisecond before the next year's first instant.
    const to = new Date(Date.UTC(year + 1, 0, 1) - 1)
    const computing = computeAstronomicalEvents({ from, to }, createPause())
    // A computation that failed is forgotten, so the next request tries again.
    computing.catch(() => {
      if (years.get(year) === computing) years.delete(year)
    })
    events = computing
  }
  years.set(year, events)
  while (years.size > YEARS_KEPT) years.delete(years.keys().next().value as number)
  return events
}

/** Computes these UTC years' events ahead of the first request for them (start-up). */
export async function prepareYears(list: readonly number[]): Promise<void> {
  for (const year of list) await eventsOfYear(year)
}

const overlaps = (e: SkyEvent, from: string, to: string) =>
  e.start <= to && (e.end ?? e.start) >= from

/**
 * The astronomical events between `from` and `to` (UTC) of the given kinds, computed with
 * astronomy-engine (no upstream), eclipses with the view from `place`; the first `limit` of them
 * when it is given. Each UTC year is computed once as a whole, so an event is the same object,
 * with the same id, whatever range asks for it. Live streams come from the videos table and are
 * added by the service.
 */
export async function computeSkyEvents(query: SkyEventsQuery): Promise<SkyEvent[]> {
  const kinds = new Set<SkyEventKind>(query.kinds ?? SKY_EVENT_KINDS)
  const from = query.from.toISOString()
  const to = query.to.toISOString()
  // A day either side: a lunar eclipse may begin on the last evening of the year before its peak.
  const first = new Date(query.from.getTime() - DAY_MS).getUTCFullYear()
  const last = new Date(query.to.getTime() + DAY_MS).getUTCFullYear()
  const wanted: number[] = []
  for (let year = first; year <= last; year++) wanted.push(year)
  const all = (await Promise.all(wanted.map(eventsOfYear))).flat()
  const events = all
    .filter((e) => kinds.has(e.kind) && overlaps(e, from, to))
    .slice(0, query.limit ?? Infinity)
  if (!query.place) return events
  // Each eclipse seen from the place is a few milliseconds of searching.
  const pause = createPause()
  const seen: SkyEvent[] = []
  for (const e of events) {
    seen.push(withVisibility(e, query.place))
    await pause()
  }
  return seen
}
