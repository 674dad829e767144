// What the browser may import of /tonight's contract: no schemas (zod stays on the server).

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
/** How many of the sky calendar's coming events the night lists. */
export const TONIGHT_EVENT_COUNT = 3

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
