import { ICalCalendar, ICalEventTransparency } from 'ical-generator'
import type { SkyEvent } from '../../contracts/sky-events.ts'

/** Calendar apps ask again about twice a day; the events of a day ahead rarely change. */
export const ICS_REFRESH_SECONDS = 12 * 60 * 60
export const ICS_CALENDAR_NAME = 'Astro Cosmos sky calendar'

function description(event: SkyEvent) {
  const seen = event.visibility ? `\n\n${event.visibility.summary}` : ''
  return `${event.explanation}${seen}`
}

/**
 * RFC 5545 text of the events: one VEVENT each with `<id>@<host>` as its UID (stable across
 * requests and years), DTSTART in UTC or as a DATE for all-day events, folded lines and CRLF.
 */
export function skyCalendarIcs(
  events: SkyEvent[],
  { siteUrl, pageUrl, now }: { siteUrl: string; pageUrl: string; now: Date },
): string {
  const host = new URL(siteUrl).host
  const calendar = new ICalCalendar({
    name: ICS_CALENDAR_NAME,
    description: 'Moon phases, eclipses, planets, meteor showers and live streams.',
    prodId: { company: host, product: 'sky-calendar', language: 'EN' },
    url: pageUrl,
    ttl: ICS_REFRESH_SECONDS,
  })
  for (const event of events) {
    const start = new Date(event.start)
    calendar.createEvent({
      id: `${event.id}@${host}`,
      stamp: now,
      // An all-day event is the UTC date of its instant (a DATE, no zone).
      start: event.allDay ? event.start.slice(0, 10) : start,
      allDay: event.allDay,
      ...(event.end && !event.allDay ? { end: new Date(event.end) } : {}),
      summary: event.title,
      description: description(event),
      url: event.url ?? `${pageUrl}#${event.id}`,
      // Sky events do not make anyone busy.
      transparency: ICalEventTransparency.TRANSPARENT,
    })
  }
  const text = calendar.toString()
  return text.endsWith('\r\n') ? text : `${text}\r\n`
}
