import { z } from 'zod'
import type { MoonPhaseName } from './sky.ts'

/** Planets ranked well placed: at least this high while the sky is dark enough … */
export const WELL_PLACED_MIN_ALTITUDE = 10
/** … which is the sun at least this far below the horizon (the end of nautical twilight) … */
export const DARK_ENOUGH_SUN_ALTITUDE = -12
/** … and at least this far from the Sun (closer, it sets or rises in its glare). */
export const MIN_ELONGATION = 15
/** At most this many places answer a search. */
export const PLACE_SEARCH_LIMIT = 10
/** A chosen date may be at most this many days before or after today. */
export const TONIGHT_DATE_RANGE_DAYS = 366

export const PLANETS = [
  'Mercury',
  'Venus',
  'Mars',
  'Jupiter',
  'Saturn',
  'Uranus',
  'Neptune',
] as const
export type PlanetName = (typeof PLANETS)[number]

export const TONIGHT_MESSAGES = {
  lat: 'Latitude must be a number from -90 to 90.',
  lon: 'Longitude must be a number from -180 to 180.',
  date: 'Date must be a day (YYYY-MM-DD) within a year of today.',
  query: 'Type from 2 to 60 characters to search for a place.',
  placeName: 'A place name has from 1 to 120 characters.',
} as const

/** A number in a range, sent as a number or a decimal string; never an empty string read as 0. */
const coordinate = (min: number, max: number, message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[-+]?\d{1,3}(\.\d{1,12})?$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().min(min, { error: message }).max(max, { error: message }))

export const Latitude = coordinate(-90, 90, TONIGHT_MESSAGES.lat)
export const Longitude = coordinate(-180, 180, TONIGHT_MESSAGES.lon)
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** A calendar day that exists (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false
  const at = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value
}

export const TonightQuery = z.object({
  lat: Latitude,
  lon: Longitude,
  /** The server checks the range against its own today. */
  date: z
    .string({ error: TONIGHT_MESSAGES.date })
    .refine(isCalendarDay, { error: TONIGHT_MESSAGES.date })
    .optional(),
})
export type TonightQuery = z.infer<typeof TonightQuery>

export const PlaceSearchQuery = z.object({
  q: z
    .string({ error: TONIGHT_MESSAGES.query })
    .trim()
    .min(2, { error: TONIGHT_MESSAGES.query })
    .max(60, { error: TONIGHT_MESSAGES.query }),
})

export const HomePlaceInput = z.object({
  name: z
    .string({ error: TONIGHT_MESSAGES.placeName })
    .trim()
    .min(1, { error: TONIGHT_MESSAGES.placeName })
    .max(120, { error: TONIGHT_MESSAGES.placeName }),
  lat: Latitude,
  lon: Longitude,
})
export type HomePlaceInput = z.infer<typeof HomePlaceInput>

export interface Place {
  name: string
  /** ISO 3166-1 alpha-2, or null for bare coordinates. */
  country: string | null
  lat: number
  lon: number
  population: number | null
}

export interface PlaceSearchResponse {
  places: Place[]
}

export interface HomePlaceResponse {
  place: Place | null
}

/**
 * When the sun (or a twilight line) is crossed that night: a time, or why there is none — the
 * sun stays above the line all night (polar day, a white night) or below it (polar night).
 */
export type SkyEvent =
  { kind: 'time'; at: string } | { kind: 'above-all-night' } | { kind: 'below-all-night' }

/** An interval of the night, with where it lies on the bar across the night (0–1). */
export interface NightSpan {
  start: string
  end: string
  from: number
  to: number
}

export type NightKind =
  /** The sun sets and the sky gets astronomically dark. */
  | 'normal'
  /** The sun sets but never gets 18° below the horizon. */
  | 'no-astronomical-darkness'
  /** The sun does not set. */
  | 'polar-day'
  /** The sun does not rise. */
  | 'polar-night'

export type PlanetVerdict =
  | { kind: 'well-placed'; from: string; to: string; text: string }
  | { kind: 'low'; maxAltitude: number; text: string }
  | { kind: 'too-close-to-sun'; text: string }
  | { kind: 'below-horizon'; text: string }
  | { kind: 'sky-not-dark'; text: string }

export interface PlanetTonight {
  name: PlanetName
  rise: string | null
  transit: { at: string; altitude: number } | null
  set: string | null
  magnitude: number
  constellation: string
  /** Degrees from the Sun in the middle of the night. */
  elongation: number
  verdict: PlanetVerdict
}

export interface TonightResponse {
  place: Place & { timeZone: string }
  /** The local date the night starts on. */
  date: string
  /** The night is searched from local noon of `date` to local noon of the next day. */
  windowStart: string
  windowEnd: string
  kind: NightKind
  sun: {
    set: SkyEvent
    civilDusk: SkyEvent
    nauticalDusk: SkyEvent
    astronomicalDusk: SkyEvent
    astronomicalDawn: SkyEvent
    nauticalDawn: SkyEvent
    civilDawn: SkyEvent
    rise: SkyEvent
  }
  moon: {
    rise: string | null
    set: string | null
    /** Percent of the disc lit at the middle of the night. */
    illumination: number
    phaseName: MoonPhaseName
  }
  /** The bar spans sunset to sunrise (or the whole window when the sun does not set or rise). */
  bar: { start: string; end: string }
  twilight: NightSpan[]
  /** Astronomically dark, moon up. */
  moonlit: NightSpan[]
  /** Astronomically dark and the moon down: the dark window(s). */
  dark: NightSpan[]
  darkMinutes: number
  planets: PlanetTonight[]
}
