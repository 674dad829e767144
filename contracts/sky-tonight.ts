import { z } from 'zod'
import type { SkyEvent } from './sky-events.ts'
import type { MoonPhaseName } from './sky.ts'
import { type PlanetName, TONIGHT_MESSAGES } from './sky-tonight-constants.ts'

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
export type SunEvent =
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
    set: SunEvent
    civilDusk: SunEvent
    nauticalDusk: SunEvent
    astronomicalDusk: SunEvent
    astronomicalDawn: SunEvent
    nauticalDawn: SunEvent
    civilDawn: SunEvent
    rise: SunEvent
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
  /** The next three events of the sky calendar from the evening on, eclipses seen from the place. */
  events: SkyEvent[]
}
