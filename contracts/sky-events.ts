/**
 * The sky calendar as the browser and calendar apps receive it: astronomical events computed on
 * the server (server/sky/events.ts) and the creator's scheduled live streams.
 */

export const SKY_EVENT_KINDS = [
  'moon-phase',
  'supermoon',
  'solar-eclipse',
  'lunar-eclipse',
  'opposition',
  'conjunction',
  'elongation',
  'season',
  'meteor-shower',
  'live-stream',
] as const
export type SkyEventKind = (typeof SKY_EVENT_KINDS)[number]

/** How the filter names each kind, in the order above. */
export const SKY_EVENT_KIND_LABELS: Record<SkyEventKind, string> = {
  'moon-phase': 'Moon phases',
  supermoon: 'Supermoons',
  'solar-eclipse': 'Solar eclipses',
  'lunar-eclipse': 'Lunar eclipses',
  opposition: 'Oppositions',
  conjunction: 'Conjunctions',
  elongation: 'Greatest elongations',
  season: 'Equinoxes and solstices',
  'meteor-shower': 'Meteor showers',
  'live-stream': 'Live streams',
}

/** One call covers at most this many days (the calendar page shows 12 months). */
export const SKY_EVENTS_MAX_DAYS = 400
export const SKY_CALENDAR_DAYS = 365

export const SKY_EVENT_MESSAGES = {
  badDate: 'from and to must be dates such as 2026-12-24 or ISO date-times',
  order: 'to must not be before from',
  tooLong: `The range may cover at most ${SKY_EVENTS_MAX_DAYS} days`,
  unknownKind: `kinds must be a comma-separated list of: ${SKY_EVENT_KINDS.join(', ')}`,
  latitude: 'lat must be a number from -90 to 90',
  longitude: 'lon must be a number from -180 to 180',
  placePair: 'lat and lon must be given together',
} as const

export interface SkyPlace {
  lat: number
  lon: number
}

/** Whether and how an eclipse is seen from one place. */
export interface EclipseVisibility {
  place: SkyPlace
  visible: boolean
  /** Solar: the fraction of the Sun's disc the Moon covers there at the peak (0–1). */
  obscuration: number | null
  /** Solar: partial, annular or total as seen there. */
  localKind: 'partial' | 'annular' | 'total' | null
  /** The part of the eclipse seen there (the Sun or the Moon above the horizon), ISO instants. */
  start: string | null
  peak: string | null
  end: string | null
  summary: string
}

export interface SkyEvent {
  /** Stable: the same event has the same id whatever range asked for it (`full-moon-2026-12-24`). */
  id: string
  kind: SkyEventKind
  title: string
  /** ISO instant; an all-day event is shown on the UTC date of this instant. */
  start: string
  end: string | null
  allDay: boolean
  explanation: string
  /** Eclipses only: the chosen place's view; null without a place. */
  visibility: EclipseVisibility | null
  /** A page about the event elsewhere (a live stream's YouTube page). */
  url: string | null
}

export interface SkyEventsResponse {
  from: string
  to: string
  kinds: SkyEventKind[]
  place: SkyPlace | null
  events: SkyEvent[]
}
