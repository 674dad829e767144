import {
  Body,
  Constellation,
  Elongation,
  Equator,
  Illumination,
  MoonPhase as moonElongation,
  Observer,
  SiderealTime,
} from 'astronomy-engine'
import { moonPhaseName } from '../../contracts/sky.ts'
import { PRINCIPAL_PHASES } from '../services/moon-phase.ts'
import type {
  NightKind,
  NightSpan,
  Place,
  PlanetTonight,
  PlanetVerdict,
  SunEvent,
  TonightResponse,
} from '../../contracts/sky-tonight.ts'
import {
  DARK_ENOUGH_SUN_ALTITUDE,
  MIN_ELONGATION,
  PLANETS,
  type PlanetName,
  TONIGHT_EVENT_COUNT,
  WELL_PLACED_MIN_ALTITUDE,
} from '../../contracts/sky-tonight-constants.ts'
import { computeSkyEvents } from './events.ts'
import { nextDay, zonedClock, zonedInstant } from './zone.ts'

const DAY_MS = 86_400_000
/** The calendar's next events are looked for this far ahead (new and full moons come within 30 days). */
const EVENTS_AHEAD_DAYS = 60

/** A stretch of time [start, end) in epoch milliseconds. */
export interface Interval {
  start: number
  end: number
}

/**
 * The next crossing of a line after `from` in a direction (+1 upwards, -1 downwards), or null
 * before `until`.
 */
type Crossing = (direction: 1 | -1, from: number, until: number) => number | null

/** How often a body's altitude is sampled across the night; crossings are then refined to 1 s. */
const STEP_MS = 5 * 60_000
/** The Moon's place is computed every hour, the others' every six, and interpolated between. */
const NODE_MS = { moon: 3_600_000, other: 6 * 3_600_000 }
/** Refraction at the horizon, as almanacs (and astronomy-engine's rise and set) take it. */
const HORIZON_REFRACTION = 34 / 60
const KM_PER_AU = 149_597_870.7
const RADIUS_KM: Partial<Record<Body, number>> = { [Body.Sun]: 695_700, [Body.Moon]: 1_737.4 }
/** Sidereal hours per millisecond of time. */
const SIDEREAL_RATE = (24 * 1.002_737_909_35) / DAY_MS
const RAD = Math.PI / 180

/**
 * A body's topocentric altitude (apparent place, no refraction) across [start, end]. Its place
 * (right ascension and declination of date, from the observer) comes from astronomy-engine at
 * nodes an hour or three apart and is interpolated between them; the Earth's turning is exact.
 * One altitude then costs a few trigonometric calls: a full astronomy-engine position costs
 * 10–200 µs and a rise or set search 1–4 ms, and a night needs some sixty crossings.
 */
export class Track {
  readonly start: number
  readonly end: number
  readonly times: number[] = []
  readonly altitudes: number[] = []
  /** The body's angular radius in degrees in the middle of the window (0 for a planet). */
  readonly radius: number
  private readonly nodeMs: number
  private readonly ra: number[] = []
  private readonly dec: number[] = []
  private readonly gast0: number
  private readonly sinLat: number
  private readonly cosLat: number
  private readonly lon: number

  constructor(body: Body, observer: Observer, start: number, end: number) {
    this.start = start
    this.end = end
    this.nodeMs = body === Body.Moon ? NODE_MS.moon : NODE_MS.other
    for (let t = start; t < end + this.nodeMs; t += this.nodeMs) {
      const eq = Equator(body, new Date(t), observer, true, true)
      this.ra.push(eq.ra)
      this.dec.push(eq.dec)
    }
    this.gast0 = SiderealTime(new Date(start))
    this.sinLat = Math.sin(observer.latitude * RAD)
    this.cosLat = Math.cos(observer.latitude * RAD)
    this.lon = observer.longitude
    for (let t = start; ; t = Math.min(end, t + STEP_MS)) {
      this.times.push(t)
      this.altitudes.push(this.altitude(t))
      if (t === end) break
    }
    const km = RADIUS_KM[body]
    const distanceKm = km
      ? Equator(body, new Date((start + end) / 2), observer, true, true).dist * KM_PER_AU
      : 1
    this.radius = km ? Math.asin(km / distanceKm) / RAD : 0
  }

  altitude(at: number): number {
    const x = (at - this.start) / this.nodeMs
    const i = Math.min(Math.floor(x), this.ra.length - 2)
    const f = x - i
    let dRa = this.ra[i + 1]! - this.ra[i]!
    if (dRa > 12) dRa -= 24
    else if (dRa < -12) dRa += 24
    const ra = this.ra[i]! + f * dRa
    const dec = (this.dec[i]! + f * (this.dec[i + 1]! - this.dec[i]!)) * RAD
    const hourAngle = ((this.gast0 + (at - this.start) * SIDEREAL_RATE - ra) * 15 + this.lon) * RAD
    const sinAlt = this.sinLat * Math.sin(dec) + this.cosLat * Math.cos(dec) * Math.cos(hourAngle)
    return Math.asin(Math.max(-1, Math.min(1, sinAlt))) / RAD
  }

  /**
   * The first meridian transit in the window (hour angle 0) and the altitude there, refined to a
   * second; none when the window ends first.
   */
  transit(): { at: number; altitude: number } | null {
    const hourAngle = (at: number) => {
      const x = (at - this.start) / this.nodeMs
      const i = Math.min(Math.floor(x), this.ra.length - 2)
      let dRa = this.ra[i + 1]! - this.ra[i]!
      if (dRa > 12) dRa -= 24
      else if (dRa < -12) dRa += 24
      const h =
        this.gast0 +
        (at - this.start) * SIDEREAL_RATE -
        (this.ra[i]! + (x - i) * dRa) +
        this.lon / 15
      return ((((h + 12) % 24) + 24) % 24) - 12
    }
    for (let i = 1; i < this.times.length; i++) {
      let lo = this.times[i - 1]!
      let hi = this.times[i]!
      if (!(hourAngle(lo) < 0 && hourAngle(hi) >= 0)) continue
      while (hi - lo > 1000) {
        const mid = (lo + hi) / 2
        if (hourAngle(mid) < 0) lo = mid
        else hi = mid
      }
      const at = Math.round((lo + hi) / 2)
      return { at, altitude: this.altitude(at) }
    }
    return null
  }

  /** Rising and setting as almanacs define them: the upper limb at the horizon, refracted. */
  riseSet(): Line {
    return this.line(-HORIZON_REFRACTION - this.radius)
  }

  /** The body's centre crossing an altitude (twilight lines, the planets' 10°). */
  line(altitude: number): Line {
    const crossings: Array<{ at: number; direction: 1 | -1 }> = []
    const { times, altitudes } = this
    for (let i = 1; i < times.length; i++) {
      const a = altitudes[i - 1]! - altitude
      const b = altitudes[i]! - altitude
      if (a < 0 === b < 0) continue
      let lo = times[i - 1]!
      let hi = times[i]!
      while (hi - lo > 1000) {
        const mid = (lo + hi) / 2
        if (this.altitude(mid) - altitude < 0 === a < 0) lo = mid
        else hi = mid
      }
      crossings.push({ at: Math.round((lo + hi) / 2), direction: a < 0 ? 1 : -1 })
    }
    const cross: Crossing = (direction, from, until) =>
      crossings.find((c) => c.direction === direction && c.at >= from && c.at < until)?.at ?? null
    return { cross, startsAbove: altitudes[0]! >= altitude, crossings }
  }

  /** The intervals of the window when the body is above the line. */
  above(line: Line): Interval[] {
    const out: Interval[] = []
    let from: number | null = line.startsAbove ? this.start : null
    for (const c of line.crossings) {
      if (c.direction === 1) from = c.at
      else if (from !== null) {
        out.push({ start: from, end: c.at })
        from = null
      }
    }
    if (from !== null && from < this.end) out.push({ start: from, end: this.end })
    return out
  }

  /** The highest altitude within the intervals (at an edge or at a sample inside). */
  maxWithin(intervals: Interval[]): number {
    let best = -90
    for (const { start, end } of intervals) {
      best = Math.max(best, this.altitude(start), this.altitude(end))
      this.times.forEach((t, i) => {
        if (t > start && t < end) best = Math.max(best, this.altitudes[i]!)
      })
    }
    return best
  }
}

export interface Line {
  cross: Crossing
  startsAbove: boolean
  crossings: Array<{ at: number; direction: 1 | -1 }>
}

/** `whole` without the parts covered by `holes` (both sorted, non-overlapping). */
export function subtract(whole: Interval[], holes: Interval[]): Interval[] {
  const out: Interval[] = []
  for (const piece of whole) {
    let cursor = piece.start
    for (const hole of holes) {
      if (hole.end <= cursor || hole.start >= piece.end) continue
      if (hole.start > cursor) out.push({ start: cursor, end: hole.start })
      cursor = Math.max(cursor, hole.end)
    }
    if (cursor < piece.end) out.push({ start: cursor, end: piece.end })
  }
  return out
}

export function intersect(a: Interval[], b: Interval[]): Interval[] {
  const out: Interval[] = []
  for (const x of a) {
    for (const y of b) {
      const start = Math.max(x.start, y.start)
      const end = Math.min(x.end, y.end)
      if (start < end) out.push({ start, end })
    }
  }
  return out.sort((p, q) => p.start - q.start)
}

const iso = (ms: number) => new Date(ms).toISOString()

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms))

/**
 * The sun crossing a line; without a crossing, on which side of it the sun stays (it was on that
 * side at `from`, and a line is crossed the other way before it can be crossed this way).
 */
function sunEvent(line: Line, direction: 1 | -1, from: number, until: number): SunEvent {
  const at = line.cross(direction, from, until)
  if (at !== null) return { kind: 'time', at: iso(at) }
  const back = line.crossings.filter((c) => c.at <= from).at(-1)
  const above = back ? back.direction === 1 : line.startsAbove
  return above ? { kind: 'above-all-night' } : { kind: 'below-all-night' }
}

const timeOf = (event: SunEvent) => (event.kind === 'time' ? Date.parse(event.at) : null)

export interface NightInput {
  place: Place
  timeZone: string
  /** The local calendar day the night starts on (YYYY-MM-DD). */
  date: string
}

/**
 * The verdict on a planet: well placed while it is at least 10° high with the sun at least 12°
 * down, unless it is within 15° of the Sun; otherwise low (up in the dark, never 10° high),
 * below the horizon all night (in the dark), or no verdict when the sky never gets that dark.
 */
export function planetVerdict(options: {
  high: Interval[]
  up: Interval[]
  darkEnough: Interval[]
  elongation: number
  maxAltitudeInDark: number
  timeZone: string
}): PlanetVerdict {
  const { darkEnough, elongation, timeZone } = options
  if (elongation < MIN_ELONGATION) return { kind: 'too-close-to-sun', text: 'too close to the Sun' }
  if (darkEnough.length === 0) {
    return { kind: 'sky-not-dark', text: 'the sky does not get dark enough' }
  }
  const good = intersect(options.high, darkEnough)
  if (good.length > 0) {
    const from = good[0]!.start
    const to = good[good.length - 1]!.end
    const darkFrom = darkEnough[0]!.start
    const darkTo = darkEnough[darkEnough.length - 1]!.end
    // Within a minute of the dark's own edges reads as "from dark" / "until dawn".
    const fromDark = from - darkFrom < 60_000
    const untilDawn = darkTo - to < 60_000
    const clock = (ms: number) => zonedClock(new Date(ms), timeZone)
    const text =
      fromDark && untilDawn
        ? 'well placed all night'
        : fromDark
          ? `well placed until ${clock(to)}`
          : untilDawn
            ? `well placed after ${clock(from)}`
            : `well placed ${clock(from)}–${clock(to)}`
    return { kind: 'well-placed', from: iso(from), to: iso(to), text }
  }
  if (intersect(options.up, darkEnough).length > 0) {
    const maxAltitude = Math.round(options.maxAltitudeInDark)
    return {
      kind: 'low',
      maxAltitude,
      text: `low: at most ${Math.max(0, maxAltitude)}° high after dark`,
    }
  }
  return { kind: 'below-horizon', text: 'below the horizon all night' }
}

function span(interval: Interval, barStart: number, barEnd: number): NightSpan {
  const length = barEnd - barStart
  const fraction = (ms: number) => Math.round(((ms - barStart) / length) * 10_000) / 10_000
  return {
    start: iso(interval.start),
    end: iso(interval.end),
    from: fraction(interval.start),
    to: fraction(interval.end),
  }
}

function planetTonight(
  name: PlanetName,
  observer: Observer,
  window: Interval,
  darkEnough: Interval[],
  middle: number,
  timeZone: string,
): PlanetTonight {
  const body = Body[name]
  const { start, end } = window
  const track = new Track(body, observer, start, end)
  const horizon = track.riseSet()
  const up = track.above(horizon)
  const high = track.above(track.line(WELL_PLACED_MIN_ALTITUDE))
  const transit = track.transit()
  const elongation = Elongation(body, new Date(middle)).elongation
  const j2000 = Equator(body, new Date(middle), observer, false, true)
  const upInDark = intersect(up, darkEnough)
  return {
    name,
    rise: isoOrNull(horizon.cross(1, start, end)),
    transit: transit && {
      at: iso(transit.at),
      altitude: Math.round(transit.altitude * 10) / 10,
    },
    set: isoOrNull(horizon.cross(-1, start, end)),
    magnitude: Math.round(Illumination(body, new Date(middle)).mag * 10) / 10,
    constellation: Constellation(j2000.ra, j2000.dec).name,
    elongation: Math.round(elongation * 10) / 10,
    verdict: planetVerdict({
      high,
      up,
      darkEnough,
      elongation,
      maxAltitudeInDark: track.maxWithin(upInDark),
      timeZone,
    }),
  }
}

/**
 * The principal phase within a day of `at`, as the moon-phase page names it: the Moon's
 * elongation only grows, so a principal angle passed between a day before and a day after is
 * one whose instant lies within the day. Two positions, where searching each phase costs 5 ms.
 */
function principalPhaseWithinADay(at: number) {
  const before = moonElongation(new Date(at - DAY_MS))
  let after = moonElongation(new Date(at + DAY_MS))
  if (after < before) after += 360
  for (const [angle, name] of PRINCIPAL_PHASES) {
    for (const a of [angle, angle + 360]) if (a >= before && a <= after) return name
  }
  return null
}

/**
 * The night that starts on a local date at a place: searched from the zone's noon that day to its
 * noon the next day, so the evening and the following morning belong to one night.
 */
export function computeTonight({
  place,
  timeZone,
  date,
}: NightInput): Omit<TonightResponse, 'events'> {
  const observer = new Observer(place.lat, place.lon, 0)
  const start = zonedInstant(date, 12, timeZone).getTime()
  const end = zonedInstant(nextDay(date), 12, timeZone).getTime()
  const window = { start, end }

  const sun = new Track(Body.Sun, observer, start, end)
  const sunRs = sun.riseSet()
  const civil = sun.line(-6)
  const nautical = sun.line(-12)
  const astronomical = sun.line(-18)
  const set = sunEvent(sunRs, -1, start, end)
  const from = (e: SunEvent) => timeOf(e) ?? start
  const civilDusk = sunEvent(civil, -1, from(set), end)
  const nauticalDusk = sunEvent(nautical, -1, from(civilDusk), end)
  const astronomicalDusk = sunEvent(astronomical, -1, from(nauticalDusk), end)
  const dawn = (line: Line, dusk: SunEvent) => sunEvent(line, 1, from(dusk), end)
  const astronomicalDawn = dawn(astronomical, astronomicalDusk)
  const nauticalDawn = dawn(nautical, nauticalDusk)
  const civilDawn = dawn(civil, civilDusk)
  const rise = sunEvent(sunRs, 1, from(set), end)

  const kind: NightKind =
    set.kind === 'above-all-night'
      ? 'polar-day'
      : set.kind === 'below-all-night' && rise.kind !== 'time'
        ? 'polar-night'
        : astronomicalDusk.kind === 'above-all-night'
          ? 'no-astronomical-darkness'
          : 'normal'

  const astroDark = subtract([window], sun.above(astronomical))
  const darkEnough = subtract([window], sun.above(sun.line(DARK_ENOUGH_SUN_ALTITUDE)))
  const sunUp = sun.above(sunRs)
  const moon = new Track(Body.Moon, observer, start, end)
  const moonRs = moon.riseSet()
  const moonUp = moon.above(moonRs)

  const barStart = timeOf(set) ?? start
  const barEnd = timeOf(rise) ?? end
  const onBar = (intervals: Interval[]) =>
    intersect(intervals, [{ start: barStart, end: barEnd }]).map((i) => span(i, barStart, barEnd))
  const dark = subtract(astroDark, moonUp)
  const twilight = subtract(subtract([window], sunUp), astroDark)
  const middle =
    set.kind === 'time' && rise.kind === 'time' ? (barStart + barEnd) / 2 : (start + end) / 2
  const elongation = moonElongation(new Date(middle))

  return {
    place: { ...place, timeZone },
    date,
    windowStart: iso(start),
    windowEnd: iso(end),
    kind,
    sun: {
      set,
      civilDusk,
      nauticalDusk,
      astronomicalDusk,
      astronomicalDawn,
      nauticalDawn,
      civilDawn,
      rise,
    },
    moon: {
      rise: isoOrNull(moonRs.cross(1, start, end)),
      set: isoOrNull(moonRs.cross(-1, start, end)),
      illumination:
        Math.round(Illumination(Body.Moon, new Date(middle)).phase_fraction * 1000) / 10,
      phaseName: moonPhaseName(elongation, principalPhaseWithinADay(middle)),
    },
    bar: { start: iso(barStart), end: iso(barEnd) },
    twilight: onBar(twilight),
    moonlit: onBar(intersect(astroDark, moonUp)),
    dark: onBar(dark),
    darkMinutes: Math.round(dark.reduce((sum, i) => sum + (i.end - i.start), 0) / 60_000),
    planets: PLANETS.map((name) =>
      planetTonight(name, observer, window, darkEnough, middle, timeZone),
    ),
  }
}

/** The calendar's next events from the start of the night on, eclipses seen from the place. */
export function nextSkyEvents(windowStart: string, place: { lat: number; lon: number }) {
  const start = Date.parse(windowStart)
  return computeSkyEvents({
    from: new Date(start),
    to: new Date(start + EVENTS_AHEAD_DAYS * DAY_MS),
    place,
    limit: TONIGHT_EVENT_COUNT,
  })
}
