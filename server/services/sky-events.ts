import type { SkyEventsQuery } from '../../contracts/sky-events-input.ts'
import {
  SKY_CALENDAR_DAYS,
  SKY_EVENT_KINDS,
  SKY_EVENT_MESSAGES,
  SKY_EVENTS_MAX_DAYS,
  SKY_EVENTS_YEARS_AHEAD,
  SKY_EVENTS_YEARS_BACK,
  type SkyEvent,
  type SkyEventsResponse,
  type SkyPlace,
} from '../../contracts/sky-events.ts'
import type { Database } from '../db/dialect.ts'
import { listUpcomingStreams } from '../db/videos.ts'
import type { VideoRow } from '../db/schema.ts'
import type { Clock } from '../shared/clock.ts'
import type { Logger } from '../shared/logger.ts'
import { ValidationError } from '../shared/errors.ts'
import { byStart, computeSkyEvents, prepareYears } from '../sky/events.ts'
import { DAY_MS } from '../sky/events-common.ts'
import { skyCalendarIcs } from '../sky/events-ics.ts'

/** Different answers kept: (range, kinds, place rounded to 0.1°), the oldest dropped first. */
export const SKY_EVENTS_CACHE_ENTRIES = 200

/** 0.1° (about 11 km): eclipse visibility barely changes within it, and the cache is shared. */
const roundPlace = (place: SkyPlace): SkyPlace => ({
  lat: Math.round(place.lat * 10) / 10,
  lon: Math.round(place.lon * 10) / 10,
})

const EXCERPT = 280

function streamEvent(row: VideoRow): SkyEvent {
  const text = row.description?.replace(/\s+/g, ' ').trim() ?? ''
  const excerpt = text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text
  return {
    id: `live-stream-${row.youtube_id}`,
    kind: 'live-stream',
    title: `Live stream: ${row.title}`,
    start: row.scheduled_start_at ?? row.published_at,
    end: null,
    allDay: false,
    explanation: excerpt || 'A live stream on the channel, with questions answered as it goes.',
    visibility: null,
    url: `https://www.youtube.com/watch?v=${encodeURIComponent(row.youtube_id)}`,
  }
}

export function createSkyEventsService(deps: { db: Database; clock: Clock; logger: Logger }) {
  const { db, clock, logger } = deps
  // Answers being worked out are kept as they start: the same question asked meanwhile waits for
  // that answer instead of computing it again.
  const cache = new Map<string, Promise<SkyEvent[]>>()

  function astronomical(
    from: Date,
    to: Date,
    kinds: SkyEventsResponse['kinds'],
    place: SkyPlace | null,
  ): Promise<SkyEvent[]> {
    const key = `${from.toISOString()}|${to.toISOString()}|${kinds.join(',')}|${place ? `${place.lat},${place.lon}` : ''}`
    let events = cache.get(key)
    if (events) {
      cache.delete(key)
    } else {
      const computing = computeSkyEvents({
        from,
        to,
        kinds: kinds.filter((k) => k !== 'live-stream'),
        place,
      })
      computing.catch(() => {
        if (cache.get(key) === computing) cache.delete(key)
      })
      events = computing
    }
    cache.set(key, events)
    while (cache.size > SKY_EVENTS_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string)
    return events
  }

  async function list(query: SkyEventsQuery): Promise<SkyEventsResponse> {
    const today = new Date(clock.now().toISOString().slice(0, 10))
    const from = query.from
      ? new Date(query.from)
      : query.to
        ? new Date(Math.min(today.getTime(), Date.parse(query.to)))
        : today
    const to = query.to
      ? new Date(query.to)
      : new Date(from.getTime() + SKY_CALENDAR_DAYS * DAY_MS - 1)
    if ((to.getTime() - from.getTime()) / DAY_MS > SKY_EVENTS_MAX_DAYS) {
      throw ValidationError.field('to', SKY_EVENT_MESSAGES.tooLong)
    }
    const first = today.getUTCFullYear() - SKY_EVENTS_YEARS_BACK
    const last = today.getUTCFullYear() + SKY_EVENTS_YEARS_AHEAD
    if (from.getUTCFullYear() < first || to.getUTCFullYear() > last) {
      throw ValidationError.field(
        from.getUTCFullYear() < first ? 'from' : 'to',
        SKY_EVENT_MESSAGES.years(first, last),
      )
    }
    const kinds = query.kinds?.length ? query.kinds : [...SKY_EVENT_KINDS]
    const place =
      query.lat !== undefined && query.lon !== undefined
        ? roundPlace({ lat: query.lat, lon: query.lon })
        : null
    const events = [...(await astronomical(from, to, kinds, place))]
    if (kinds.includes('live-stream')) {
      const streams = await listUpcomingStreams(db, from.toISOString(), to.toISOString())
      events.push(...streams.map(streamEvent))
      events.sort(byStart)
    }
    return { from: from.toISOString(), to: to.toISOString(), kinds, place, events }
  }

  return {
    list,
    /**
     * Computes this UTC year's and the next one's events in the background, at start-up, so that
     * the calendar's and /tonight's first visitors do not wait for them.
     */
    async warm() {
      const started = performance.now()
      const year = clock.now().getUTCFullYear()
      try {
        await prepareYears([year, year + 1])
        logger.info('sky calendar years ready', {
          years: [year, year + 1],
          ms: Math.round(performance.now() - started),
        })
      } catch (e) {
        logger.error('sky calendar years failed', { error: String(e) })
      }
    },
    /** The same events as an iCalendar file. */
    async calendarFile(query: SkyEventsQuery, urls: { siteUrl: string; pageUrl: string }) {
      const { events } = await list(query)
      return skyCalendarIcs(events, { ...urls, now: clock.now() })
    },
  }
}
export type SkyEventsService = ReturnType<typeof createSkyEventsService>
