import type {
  HomePlaceInput,
  HomePlaceResponse,
  Place,
  PlaceSearchResponse,
  TonightQuery,
  TonightResponse,
} from '../../contracts/sky-tonight.ts'
import { TONIGHT_DATE_RANGE_DAYS, TONIGHT_MESSAGES } from '../../contracts/sky-tonight-constants.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/dialect.ts'
import { findHomePlace, saveHomePlace } from '../db/home-places.ts'
import type { Clock } from '../shared/clock.ts'
import { ValidationError } from '../shared/errors.ts'
import { placeAt, searchPlaces, timeZoneAt } from './places.ts'
import { computeTonight, nextSkyEvents } from './tonight.ts'
import { zonedDay } from './zone.ts'

/** Nights kept: one is about 4 KB, so the cache holds at most some 4 MB. */
export const TONIGHT_CACHE_SIZE = 1000
/** Places share a computed night within this grid (0.1°: sunset moves by at most 24 s). */
const GRID_DEGREES = 0.1
const DAY_MS = 86_400_000

const onGrid = (value: number) => Math.round(value / GRID_DEGREES) * GRID_DEGREES

type Night = Omit<TonightResponse, 'place'>

/**
 * Tonight's sky for a place, the places search and a member's home place. Nights are computed on
 * the grid and kept in a least-recently-used cache of bounded size.
 */
export function createTonightService(deps: { config: Config; clock: Clock; db: Database }) {
  const { config, clock, db } = deps
  // A night being worked out is kept as it starts, so the same night asked meanwhile shares it.
  const cache = new Map<string, Promise<Night>>()

  function night(lat: number, lon: number, timeZone: string, date: string): Promise<Night> {
    const gridLat = Math.max(-90, Math.min(90, Number(onGrid(lat).toFixed(1))))
    const gridLon = Number(onGrid(lon).toFixed(1))
    const key = `${gridLat},${gridLon},${timeZone},${date}`
    const hit = cache.get(key)
    if (hit) {
      cache.delete(key)
      cache.set(key, hit)
      return hit
    }
    const computing = (async (): Promise<Night> => {
      const { place: _place, ...computed } = computeTonight({
        place: { name: '', country: null, lat: gridLat, lon: gridLon, population: null },
        timeZone,
        date,
      })
      const events = await nextSkyEvents(computed.windowStart, { lat: gridLat, lon: gridLon })
      return { ...computed, events }
    })()
    computing.catch(() => {
      if (cache.get(key) === computing) cache.delete(key)
    })
    cache.set(key, computing)
    if (cache.size > TONIGHT_CACHE_SIZE) cache.delete(cache.keys().next().value!)
    return computing
  }

  function checkDate(date: string) {
    const at = Date.parse(`${date}T00:00:00Z`)
    const days = (at - clock.now().getTime()) / DAY_MS
    // Not a calendar date (2026-13-01, "garbage") is refused like one out of range.
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
      Number.isNaN(at) ||
      new Date(at).toISOString().slice(0, 10) !== date ||
      Math.abs(days) > TONIGHT_DATE_RANGE_DAYS
    ) {
      throw ValidationError.field('date', TONIGHT_MESSAGES.date)
    }
  }

  return {
    defaultPlace(): Place {
      const { name, lat, lon } = config.sky.defaultPlace
      return { name, country: null, lat, lon, population: null }
    },

    /** The night starting on `date` (default: today in the place's zone) at the coordinates. */
    async tonight(query: TonightQuery, known?: Place): Promise<TonightResponse> {
      const { lat, lon } = query
      const timeZone = timeZoneAt(lat, lon)
      const date = query.date ?? zonedDay(clock.now(), timeZone)
      checkDate(date)
      const place = known ?? (await placeAt(lat, lon))
      return { place: { ...place, timeZone }, ...(await night(lat, lon, timeZone, date)) }
    },

    async searchPlaces(q: string): Promise<PlaceSearchResponse> {
      return { places: await searchPlaces(q) }
    },

    async homePlace(userId: number): Promise<HomePlaceResponse> {
      const row = await findHomePlace(db, userId)
      if (!row) return { place: null }
      return {
        place: {
          name: row.home_place_name,
          country: null,
          lat: row.home_lat,
          lon: row.home_lon,
          population: null,
        },
      }
    },

    async saveHomePlace(userId: number, input: HomePlaceInput): Promise<HomePlaceResponse> {
      await saveHomePlace(db, {
        user_id: userId,
        home_place_name: input.name,
        home_lat: input.lat,
        home_lon: input.lon,
        updated_at: clock.now().toISOString(),
      })
      return this.homePlace(userId)
    },
  }
}

export type TonightService = ReturnType<typeof createTonightService>
