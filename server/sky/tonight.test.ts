import tzLookup from '@photostructure/tz-lookup'
import * as SunCalc from 'suncalc'
import { describe, expect, it } from 'vitest'
import type { SunEvent, TonightResponse } from '../../contracts/sky-tonight.ts'
import { computeTonight, type Interval, intersect, planetVerdict, subtract } from './tonight.ts'
import { zonedClock, zonedInstant } from './zone.ts'

const PLACES = [
  ['Greenwich', 51.4769, -0.0005],
  ['Longyearbyen', 78.2232, 15.6267],
  ['Quito', -0.1807, -78.4678],
  ['Singapore', 1.3521, 103.8198],
  ['Sydney', -33.8688, 151.2093],
  ['Auckland', -36.8485, 174.7633],
  ['Kiritimati', 1.8721, -157.4278],
  ['Cape Town', -33.9249, 18.4241],
  ['Buenos Aires', -34.6037, -58.3816],
  ['New York', 40.7128, -74.006],
  ['Los Angeles', 34.0522, -118.2437],
  ['Reykjavik', 64.1466, -21.9426],
  ['Tromsø', 69.6492, 18.9553],
  ['Tokyo', 35.6762, 139.6503],
  ['Delhi', 28.6139, 77.209],
  ['Honolulu', 21.3069, -157.8583],
  ['Ushuaia', -54.8019, -68.303],
  ['Nairobi', -1.2921, 36.8219],
  ['Anchorage', 61.2181, -149.9003],
  ['Moscow', 55.7558, 37.6173],
] as const

/** Equinoxes, solstices, Europe's spring-forward night, North America's fall-back night. */
const DATES = ['2026-03-28', '2026-06-21', '2026-09-22', '2026-10-31', '2026-12-21', '2027-02-10']

const TWO_MINUTES = 2 * 60_000
const DAY_MS = 86_400_000

type SunField = keyof TonightResponse['sun']
/** Our names and suncalc's: both take the sun's upper limb with 34′ of refraction for rise and set. */
const SUN_FIELDS: Array<[SunField, SunCalc.SunTimeName]> = [
  ['set', 'sunset'],
  ['civilDusk', 'dusk'],
  ['nauticalDusk', 'nauticalDusk'],
  ['astronomicalDusk', 'night'],
  ['astronomicalDawn', 'nightEnd'],
  ['nauticalDawn', 'nauticalDawn'],
  ['civilDawn', 'dawn'],
  ['rise', 'sunrise'],
]

/** suncalc's time of an event nearest to `near`, looking at its solar days around it. */
function suncalcNearest(field: SunCalc.SunTimeName, near: number, lat: number, lon: number) {
  const found = [-1, 0, 1]
    .map((d) => SunCalc.getTimes(new Date(near + d * DAY_MS), lat, lon)[field])
    .filter((t): t is Date => t instanceof Date && !Number.isNaN(t.getTime()))
    .map((t) => t.getTime())
  return found.sort((a, b) => Math.abs(a - near) - Math.abs(b - near))[0] ?? null
}

const place = (name: string, lat: number, lon: number) => ({
  name,
  country: null,
  lat,
  lon,
  population: null,
})

describe('sun and moon times agree with suncalc within 2 minutes', () => {
  for (const [name, lat, lon] of PLACES) {
    it(name, () => {
      const timeZone = tzLookup(lat, lon)
      for (const date of DATES) {
        const night = computeTonight({ place: place(name, lat, lon), timeZone, date })
        const start = Date.parse(night.windowStart)
        const end = Date.parse(night.windowEnd)
        // The window is the zone's noon to noon, whatever the clocks do in between.
        expect(zonedClock(new Date(start), timeZone)).toBe('12:00')
        expect(zonedClock(new Date(end), timeZone)).toBe('12:00')
        for (const [ours, theirs] of SUN_FIELDS) {
          const event: SunEvent = night.sun[ours]
          const label = `${name} ${date} ${ours}`
          if (event.kind === 'time') {
            const at = Date.parse(event.at)
            expect(at, label).toBeGreaterThanOrEqual(start)
            expect(at, label).toBeLessThan(end)
            const other = suncalcNearest(theirs, at, lat, lon)
            expect(other, label).not.toBeNull()
            expect(Math.abs(at - other!), label).toBeLessThan(TWO_MINUTES)
          } else {
            // No crossing in our night: none in suncalc's either.
            const other = suncalcNearest(theirs, (start + end) / 2, lat, lon)
            if (other !== null) {
              expect(
                other < start || other >= end,
                `${label}: ${new Date(other).toISOString()}`,
              ).toBe(true)
            }
          }
        }
        for (const [ours, theirs] of [
          ['rise', 'rise'],
          ['set', 'set'],
        ] as const) {
          const at = night.moon[ours]
          if (at === null) continue
          const ms = Date.parse(at)
          const other = SunCalc.getMoonTimes(new Date(ms), lat, lon)[theirs]
          expect(other, `${name} ${date} moon ${ours}`).toBeInstanceOf(Date)
          expect(Math.abs(ms - other!.getTime()), `${name} ${date} moon ${ours}`).toBeLessThan(
            TWO_MINUTES,
          )
        }
      }
    })
  }
})

describe('nights without a sunset or without darkness are said in words', () => {
  const svalbard = place('Longyearbyen', 78.2232, 15.6267)
  it('78° N in June: polar day, no times, no dark window', () => {
    const night = computeTonight({
      place: svalbard,
      timeZone: 'Arctic/Longyearbyen',
      date: '2026-06-21',
    })
    expect(night.kind).toBe('polar-day')
    expect(night.sun.set).toEqual({ kind: 'above-all-night' })
    expect(night.sun.astronomicalDusk).toEqual({ kind: 'above-all-night' })
    expect(night.dark).toEqual([])
    expect(night.darkMinutes).toBe(0)
    for (const planet of night.planets)
      expect(planet.verdict.kind).toMatch(/sky-not-dark|too-close/)
  })

  it('78° N in December: polar night, yet astronomical twilight at midday', () => {
    const night = computeTonight({
      place: svalbard,
      timeZone: 'Arctic/Longyearbyen',
      date: '2026-12-21',
    })
    expect(night.kind).toBe('polar-night')
    expect(night.sun.set).toEqual({ kind: 'below-all-night' })
    expect(night.sun.rise).toEqual({ kind: 'below-all-night' })
    // The sun culminates at about −11.6° just before the zone's noon: it is below the civil line
    // all night, and crosses the nautical line down soon after noon and up again the next morning.
    expect(night.sun.civilDusk).toEqual({ kind: 'below-all-night' })
    expect(night.sun.nauticalDusk.kind).toBe('time')
    expect(night.sun.nauticalDawn.kind).toBe('time')
    // Astronomically dark for most of the day, the Moon (near first quarter, far north) up for all of it.
    expect(night.moonlit.length).toBeGreaterThan(0)
  })

  it('Greenwich at midsummer: the sun sets but the sky never gets astronomically dark', () => {
    const night = computeTonight({
      place: place('Greenwich', 51.4769, -0.0005),
      timeZone: 'Europe/London',
      date: '2026-06-21',
    })
    expect(night.kind).toBe('no-astronomical-darkness')
    expect(night.sun.set.kind).toBe('time')
    expect(night.sun.astronomicalDusk).toEqual({ kind: 'above-all-night' })
    expect(night.sun.astronomicalDawn).toEqual({ kind: 'above-all-night' })
    expect(night.sun.nauticalDusk.kind).toBe('time')
    expect(night.dark).toEqual([])
  })
})

describe('the dark window', () => {
  it('is astronomical night less the moon’s time above the horizon (checked by hand)', () => {
    // Greenwich, 2026-11-26: astronomical night 17:58–05:37 UTC; the Moon (92 % lit) rises at
    // 17:16 and sets at 11:09 the next day, so it is up through all of it: no dark window.
    const full = computeTonight({
      place: place('Greenwich', 51.4769, -0.0005),
      timeZone: 'Europe/London',
      date: '2026-11-26',
    })
    expect(full.moon.phaseName).toBe('Waning Gibbous')
    expect(full.dark).toEqual([])
    expect(full.moonlit).toHaveLength(1)
    // 2026-12-05: a waning crescent (9 % lit) rising at 05:27 UTC, twenty minutes before
    // astronomical dawn: dark from 17:55 until moonrise, then moonlit until dawn.
    const crescent = computeTonight({
      place: place('Greenwich', 51.4769, -0.0005),
      timeZone: 'Europe/London',
      date: '2026-12-05',
    })
    const moonrise = Date.parse(crescent.moon.rise!)
    expect(crescent.moon.phaseName).toBe('Waning Crescent')
    expect(zonedClock(new Date(moonrise), 'Europe/London')).toBe('05:27')
    expect(crescent.dark).toHaveLength(1)
    expect(crescent.dark[0]!.start).toBe((crescent.sun.astronomicalDusk as { at: string }).at)
    expect(Date.parse(crescent.dark[0]!.end)).toBe(moonrise)
    expect(crescent.moonlit[0]!.start).toBe(crescent.dark[0]!.end)
    expect(crescent.moonlit[0]!.end).toBe((crescent.sun.astronomicalDawn as { at: string }).at)
    expect(crescent.dark[0]!.from).toBeGreaterThan(0)
    expect(crescent.moonlit[0]!.to).toBeLessThan(1)
    expect(crescent.darkMinutes).toBe(
      Math.round((moonrise - Date.parse(crescent.dark[0]!.start)) / 60_000),
    )
  })

  it('subtracts and intersects intervals, leaving several pieces when the moon is up in the middle', () => {
    const night: Interval[] = [{ start: 0, end: 100 }]
    expect(
      subtract(night, [
        { start: 20, end: 30 },
        { start: 60, end: 120 },
      ]),
    ).toEqual([
      { start: 0, end: 20 },
      { start: 30, end: 60 },
    ])
    expect(subtract(night, [{ start: -10, end: 200 }])).toEqual([])
    expect(intersect(night, [{ start: 50, end: 150 }])).toEqual([{ start: 50, end: 100 }])
  })
})

describe('planet verdicts (hand-checked cases)', () => {
  const zone = 'Europe/London'
  const at = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number]
    return zonedInstant('2026-01-15', 0, zone).getTime() + (h * 60 + m) * 60_000
  }
  const dark = [{ start: at('18:00'), end: at('30:00') }]
  const base = { darkEnough: dark, elongation: 90, maxAltitudeInDark: 40, timeZone: zone }

  it('well placed from a time after dark, until a time, between two times, all night', () => {
    const after = planetVerdict({
      ...base,
      high: [{ start: at('22:10'), end: at('34:00') }],
      up: [],
    })
    expect(after).toMatchObject({ kind: 'well-placed', text: 'well placed after 22:10' })
    const until = planetVerdict({
      ...base,
      high: [{ start: at('12:00'), end: at('21:35') }],
      up: [],
    })
    expect(until.text).toBe('well placed until 21:35')
    const between = planetVerdict({
      ...base,
      high: [{ start: at('20:00'), end: at('26:30') }],
      up: [],
    })
    expect(between.text).toBe('well placed 20:00–02:30')
    const all = planetVerdict({ ...base, high: [{ start: at('12:00'), end: at('36:00') }], up: [] })
    expect(all.text).toBe('well placed all night')
  })

  it('too close to the Sun under 15° of elongation, whatever its altitude', () => {
    const close = planetVerdict({
      ...base,
      elongation: 14.9,
      high: [{ start: at('12:00'), end: at('36:00') }],
      up: [],
    })
    expect(close).toEqual({ kind: 'too-close-to-sun', text: 'too close to the Sun' })
  })

  it('low when up in the dark but never 10° high; below the horizon when not up in the dark', () => {
    const low = planetVerdict({
      ...base,
      maxAltitudeInDark: 6.4,
      high: [{ start: at('12:00'), end: at('17:00') }],
      up: [{ start: at('12:00'), end: at('19:30') }],
    })
    expect(low).toEqual({ kind: 'low', maxAltitude: 6, text: 'low: at most 6° high after dark' })
    const below = planetVerdict({
      ...base,
      high: [],
      up: [{ start: at('08:00'), end: at('16:00') }],
    })
    expect(below).toEqual({ kind: 'below-horizon', text: 'below the horizon all night' })
  })

  it('no verdict on position when the sky never gets dark enough', () => {
    const bright = planetVerdict({ ...base, darkEnough: [], high: [], up: [] })
    expect(bright.kind).toBe('sky-not-dark')
  })
})
