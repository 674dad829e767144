import {
  SKY_EVENT_KINDS,
  type SkyEvent,
  type SkyEventKind,
  type SkyPlace,
} from '../../contracts/sky-events.ts'
import { DAY_MS, type Range } from './events-common.ts'
import { lunarEclipseEvents, solarEclipseEvents, withVisibility } from './events-eclipses.ts'
import { meteorShowerEvents } from './events-meteors.ts'
import { moonPhaseEvents, moonQuarters, seasonEvents, supermoonEvents } from './events-moon.ts'
import { conjunctionEvents, elongationEvents, oppositionEvents } from './events-planets.ts'

export interface SkyEventsQuery extends Range {
  kinds?: readonly SkyEventKind[]
  place?: SkyPlace | null
}

/** Events in time order, then by id, so the same range always lists the same way. */
export function byStart(a: SkyEvent, b: SkyEvent) {
  return a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** Every astronomical event whose defining instant falls in the range, with no place. */
export function computeAstronomicalEvents(range: Range): SkyEvent[] {
  const quarters = moonQuarters(range)
  return [
    ...moonPhaseEvents(quarters),
    ...supermoonEvents(quarters, range),
    ...solarEclipseEvents(range),
    ...lunarEclipseEvents(range),
    ...oppositionEvents(range),
    ...conjunctionEvents(range),
    ...elongationEvents(range),
    ...seasonEvents(range),
    ...meteorShowerEvents(range),
  ].sort(byStart)
}

/**
 * A UTC year's events never change: computed once (about a second of CPU) and kept. The service
 * allows the years around the current one only, so all of them fit and none is computed twice.
 */
// From last year to five years ahead, and the day either side of that range: nine years.
const YEARS_KEPT = 10
const years = new Map<number, SkyEvent[]>()

function eventsOfYear(year: number): SkyEvent[] {
  let events = years.get(year)
  if (events) {
    years.delete(year)
  } else {
    const from = new Date(Date.UTC(year, 0, 1))
    // The range's end is inclusive: stop a millisecond before the next year's first instant.
    const to = new Date(Date.UTC(year + 1, 0, 1) - 1)
    events = computeAstronomicalEvents({ from, to })
  }
  years.set(year, events)
  while (years.size > YEARS_KEPT) years.delete(years.keys().next().value as number)
  return events
}

const overlaps = (e: SkyEvent, from: string, to: string) =>
  e.start <= to && (e.end ?? e.start) >= from

/**
 * The astronomical events between `from` and `to` (UTC) of the given kinds, computed with
 * astronomy-engine (no upstream), eclipses with the view from `place`. Each UTC year is computed
 * once as a whole, so an event is the same object, with the same id, whatever range asks for it.
 * Live streams come from the videos table and are added by the service.
 */
export function computeSkyEvents(query: SkyEventsQuery): SkyEvent[] {
  const kinds = new Set<SkyEventKind>(query.kinds ?? SKY_EVENT_KINDS)
  const from = query.from.toISOString()
  const to = query.to.toISOString()
  // A day either side: a lunar eclipse may begin on the last evening of the year before its peak.
  const first = new Date(query.from.getTime() - DAY_MS).getUTCFullYear()
  const last = new Date(query.to.getTime() + DAY_MS).getUTCFullYear()
  const events: SkyEvent[] = []
  for (let year = first; year <= last; year++) {
    for (const e of eventsOfYear(year)) {
      if (!kinds.has(e.kind) || !overlaps(e, from, to)) continue
      events.push(query.place ? withVisibility(e, query.place) : e)
    }
  }
  return events
}
