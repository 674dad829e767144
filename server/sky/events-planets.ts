import {
  AngleBetween,
  Body,
  Constellation,
  Elongation,
  Equator,
  GeoVector,
  Illumination,
  Observer,
  SearchMaxElongation,
  SearchRelativeLongitude,
  Vector,
} from 'astronomy-engine'
import type { SkyEvent } from '../../contracts/sky-events.ts'
import type { Pause } from '../shared/cooperative.ts'
import { DAY_MS, HOUR_MS, inRange, type Range, skyEvent, slug, utcDay } from './events-common.ts'

const GEOCENTRE = new Observer(0, 0, 0)
const SUPERIOR = [Body.Mars, Body.Jupiter, Body.Saturn, Body.Uranus, Body.Neptune] as const
const NAKED_EYE = [Body.Mercury, Body.Venus, Body.Mars, Body.Jupiter, Body.Saturn] as const
const ALL_PLANETS = [...NAKED_EYE, Body.Uranus, Body.Neptune] as const

/** Conjunctions are listed below this separation, and only when the pair is this far from the Sun. */
export const CONJUNCTION_MAX_DEG = 2
export const CONJUNCTION_MIN_SUN_DEG = 12

function constellationOf(body: Body, t: Date) {
  const eq = Equator(body, t, GEOCENTRE, false, true)
  return Constellation(eq.ra, eq.dec).name
}

const magnitude = (body: Body, t: Date) => Illumination(body, t).mag.toFixed(1)

export async function oppositionEvents(range: Range, pause: Pause): Promise<SkyEvent[]> {
  const events: SkyEvent[] = []
  for (const body of SUPERIOR) {
    let t = SearchRelativeLongitude(body, 0, range.from).date
    while (t.getTime() <= range.to.getTime()) {
      const distanceAu = GeoVector(body, t, true).Length()
      events.push(
        skyEvent('opposition', `opposition-${slug(body)}-${utcDay(t)}`, {
          title: `${body} at opposition`,
          start: t,
          allDay: true,
          explanation:
            `${body} is opposite the Sun in ${constellationOf(body, t)}: it rises at sunset, is up all night and is at its brightest ` +
            `(magnitude ${magnitude(body, t)}, ${distanceAu.toFixed(2)} AU away) — the best time of the year to observe it.`,
        }),
      )
      await pause()
      t = SearchRelativeLongitude(body, 0, new Date(t.getTime() + 30 * DAY_MS)).date
    }
  }
  return events
}

export async function elongationEvents(range: Range, pause: Pause): Promise<SkyEvent[]> {
  const events: SkyEvent[] = []
  for (const body of [Body.Mercury, Body.Venus]) {
    let e = SearchMaxElongation(body, range.from)
    while (e.time.date.getTime() <= range.to.getTime()) {
      const t = e.time.date
      const side = e.visibility === 'evening' ? 'eastern' : 'western'
      const sky =
        e.visibility === 'evening' ? 'after sunset in the west' : 'before sunrise in the east'
      events.push(
        skyEvent('elongation', `greatest-elongation-${slug(body)}-${utcDay(t)}`, {
          title: `${body} at greatest ${side} elongation`,
          start: t,
          allDay: true,
          explanation:
            `${body} is ${e.elongation.toFixed(1)}° from the Sun, as far as it gets on this pass: look for it ${sky} ` +
            `(magnitude ${magnitude(body, t)}).`,
        }),
      )
      await pause()
      e = SearchMaxElongation(body, new Date(t.getTime() + DAY_MS))
    }
  }
  return events
}

type Pair = readonly [Body, Body]
function pairs(): Pair[] {
  const found: Pair[] = NAKED_EYE.map((p) => [Body.Moon, p] as const)
  for (let i = 0; i < ALL_PLANETS.length; i++) {
    for (let j = i + 1; j < ALL_PLANETS.length; j++) {
      const a = ALL_PLANETS[i] as Body
      const b = ALL_PLANETS[j] as Body
      // Uranus with Neptune needs a telescope for both, and they meet once in 170 years.
      if (NAKED_EYE.includes(a as never) || NAKED_EYE.includes(b as never)) found.push([a, b])
    }
  }
  return found
}

const separation = (a: Body, b: Body, t: Date) =>
  AngleBetween(GeoVector(a, t, true), GeoVector(b, t, true))

/** Golden-section search for the closest approach inside [lo, hi], to a minute. */
function closest(a: Body, b: Body, lo: number, hi: number): number {
  const g = (Math.sqrt(5) - 1) / 2
  let x1 = hi - g * (hi - lo)
  let x2 = lo + g * (hi - lo)
  let f1 = separation(a, b, new Date(x1))
  let f2 = separation(a, b, new Date(x2))
  while (hi - lo > 60_000) {
    if (f1 < f2) {
      hi = x2
      x2 = x1
      f2 = f1
      x1 = hi - g * (hi - lo)
      f1 = separation(a, b, new Date(x1))
    } else {
      lo = x1
      x1 = x2
      f1 = f2
      x2 = lo + g * (hi - lo)
      f2 = separation(a, b, new Date(x2))
    }
  }
  return (lo + hi) / 2
}

/**
 * Closest approaches under 2° (geocentric, as almanacs give them). The samples sit on a fixed UTC
 * grid, not on the range's start, so the same conjunction is found at the same minute by any range.
 */
export async function conjunctionEvents(range: Range, pause: Pause): Promise<SkyEvent[]> {
  const vectors = new Map<string, Vector>()
  const exact = (body: Body, t: number) => {
    const key = `${body}@${t}`
    let v = vectors.get(key)
    if (!v) {
      v = GeoVector(body, new Date(t), true)
      vectors.set(key, v)
    }
    return v
  }
  // Between daily samples a planet's geocentric vector is a straight line to far better than
  // 0.01°: the Moon's 6-hour grid reads the planets from there instead of computing each one.
  const vectorOf = (body: Body, t: number) => {
    if (body === Body.Moon || t % DAY_MS === 0) return exact(body, t)
    const day = Math.floor(t / DAY_MS) * DAY_MS
    const a = exact(body, day)
    const b = exact(body, day + DAY_MS)
    const f = (t - day) / DAY_MS
    return new Vector(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f, a.t)
  }
  const events: SkyEvent[] = []
  for (const [a, b] of pairs()) {
    const step = a === Body.Moon ? 6 * HOUR_MS : DAY_MS
    const first = Math.floor(range.from.getTime() / DAY_MS) * DAY_MS - DAY_MS
    const last = Math.ceil(range.to.getTime() / DAY_MS) * DAY_MS + DAY_MS
    const sep = (t: number) => AngleBetween(vectorOf(a, t), vectorOf(b, t))
    let before = sep(first)
    let here = sep(first + step)
    for (let t = first + step; t < last; t += step) {
      // A year is some 1,500 samples of a pair with the Moon: others get a turn every 5 days.
      if ((t - first) % (5 * DAY_MS) === 0) await pause()
      const after = sep(t + step)
      if (here <= before && here < after && here < CONJUNCTION_MAX_DEG + 2) {
        const at = new Date(closest(a, b, t - step, t + step))
        const degrees = separation(a, b, at)
        const fromSun = Math.min(
          Elongation(b, at).elongation,
          a === Body.Moon ? 180 : Elongation(a, at).elongation,
        )
        if (
          degrees < CONJUNCTION_MAX_DEG &&
          fromSun >= CONJUNCTION_MIN_SUN_DEG &&
          inRange(at, range)
        ) {
          events.push(conjunction(a, b, at, degrees, fromSun))
        }
      }
      before = here
      here = after
    }
  }
  return events
}

function conjunction(a: Body, b: Body, at: Date, degrees: number, fromSun: number): SkyEvent {
  const apart = degrees < 0.1 ? `${(degrees * 60).toFixed(0)}′` : `${degrees.toFixed(1)}°`
  const moon = a === Body.Moon
  return skyEvent('conjunction', `conjunction-${slug(a)}-${slug(b)}-${utcDay(at)}`, {
    title: `${a} and ${b} ${apart} apart`,
    start: at,
    allDay: false,
    explanation:
      `${moon ? 'The Moon' : a} and ${b} pass ${apart} from each other in ${constellationOf(b, at)}, ` +
      `${Math.round(fromSun)}° from the Sun` +
      (moon
        ? ': a pretty pairing for the naked eye or binoculars (the Moon moves its own width in an hour, so the gap changes through the night and from place to place).'
        : `: ${degrees < 0.5 ? 'both fit in one telescope field' : 'a close pair for the naked eye or binoculars'}.`),
  })
}
