import { describe, expect, it } from 'vitest'
import type { SkyEvent } from '../../contracts/sky-events.ts'
import { computeSkyEvents } from './events.ts'
import { METEOR_SHOWERS, meteorPeak } from './events-meteors.ts'

// Published dates: eclipses from NASA's eclipse pages (eclipse.gsfc.nasa.gov), equinoxes and
// solstices from the US Naval Observatory, oppositions, elongations and the Perseids from the
// yearly almanacs (Sky & Telescope, EarthSky: Mercury farthest east on 19 Feb 2026 near 18 UTC).
const Y2026 = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-12-31T23:59:59Z') }
const all2026 = await computeSkyEvents(Y2026)
const byId = (id: string, events: SkyEvent[] = all2026) => {
  const found = events.find((e) => e.id === id)
  if (!found) throw new Error(`no event ${id}`)
  return found
}
const minutesFrom = (e: SkyEvent, iso: string) =>
  Math.abs(Date.parse(e.start) - Date.parse(iso)) / 60_000

describe('sky events of 2026–2027 match the published dates', () => {
  it('finds the eclipses with their kinds', () => {
    const eclipses = all2026.filter((e) => e.kind.endsWith('eclipse')).map((e) => [e.id, e.title])
    expect(eclipses).toEqual([
      ['solar-eclipse-2026-02-17', 'Annular solar eclipse'],
      ['lunar-eclipse-2026-03-03', 'Total lunar eclipse'],
      ['solar-eclipse-2026-08-12', 'Total solar eclipse'],
      ['lunar-eclipse-2026-08-28', 'Partial lunar eclipse'],
    ])
    // Greatest eclipse 12 Aug 2026 17:46 UTC; the lunar eclipse's greatest moment 3 Mar 11:33 UTC.
    expect(minutesFrom(byId('solar-eclipse-2026-08-12'), '2026-08-12T17:46:06Z')).toBeLessThan(3)
    const lunar = byId('lunar-eclipse-2026-03-03')
    const middle = (Date.parse(lunar.start) + Date.parse(lunar.end ?? '')) / 2
    expect(Math.abs(middle - Date.parse('2026-03-03T11:33:00Z')) / 60_000).toBeLessThan(5)
  })

  it('finds the oppositions of Jupiter, Saturn and Mars', async () => {
    expect(byId('opposition-jupiter-2026-01-10').allDay).toBe(true)
    byId('opposition-saturn-2026-10-04')
    const next = await computeSkyEvents({
      from: new Date('2027-01-01T00:00:00Z'),
      to: new Date('2027-03-01T00:00:00Z'),
      kinds: ['opposition'],
    })
    expect(next.map((e) => e.id)).toEqual([
      'opposition-jupiter-2027-02-11',
      'opposition-mars-2027-02-19',
    ])
  })

  it('dates the equinoxes and solstices to the minute', () => {
    const seasons = all2026.filter((e) => e.kind === 'season')
    expect(seasons.map((e) => e.id)).toEqual([
      'march-equinox-2026',
      'june-solstice-2026',
      'september-equinox-2026',
      'december-solstice-2026',
    ])
    const usno = [
      '2026-03-20T14:46Z',
      '2026-06-21T08:24Z',
      '2026-09-23T00:05Z',
      '2026-12-21T20:50Z',
    ]
    seasons.forEach((e, i) => expect(minutesFrom(e, usno[i] ?? '')).toBeLessThan(2))
  })

  it('puts the Perseids peak on the night of 12–13 August with the Moon’s light', () => {
    const perseids = byId('meteor-shower-perseids-2026')
    expect(perseids.start >= '2026-08-12T12:00' && perseids.start <= '2026-08-13T12:00').toBe(true)
    expect(perseids.explanation).toMatch(/Up to 100 meteors an hour/)
    expect(perseids.explanation).toMatch(/The Moon is \d+% lit/)
    expect(all2026.filter((e) => e.kind === 'meteor-shower')).toHaveLength(METEOR_SHOWERS.length)
    // The Geminids peak on 14 December every year, the Quadrantids on 3–4 January.
    for (const year of [2026, 2027, 2030]) {
      const gem = METEOR_SHOWERS.find((s) => s.code === 'GEM')
      expect(gem && meteorPeak(gem, year)?.toISOString().slice(5, 10)).toMatch(/^12-1[34]$/)
    }
  })

  it('counts the December 2026 full moon as a supermoon', () => {
    const supermoons = all2026.filter((e) => e.kind === 'supermoon').map((e) => e.id)
    expect(supermoons).toContain('supermoon-2026-12-24')
    byId('full-moon-2026-12-24')
  })

  it('finds the greatest elongations of Mercury and Venus', () => {
    const ids = all2026.filter((e) => e.kind === 'elongation').map((e) => e.id)
    expect(ids).toEqual([
      'greatest-elongation-mercury-2026-02-19',
      'greatest-elongation-mercury-2026-04-03',
      'greatest-elongation-mercury-2026-06-15',
      'greatest-elongation-mercury-2026-08-02',
      'greatest-elongation-venus-2026-08-15',
      'greatest-elongation-mercury-2026-10-12',
      'greatest-elongation-mercury-2026-11-20',
    ])
    expect(minutesFrom(byId(ids[0] ?? ''), '2026-02-19T18:00Z')).toBeLessThan(60)
  })

  it('lists conjunctions under 2° only, away from the Sun', () => {
    const conjunctions = all2026.filter((e) => e.kind === 'conjunction')
    expect(conjunctions.map((e) => e.id)).toContain('conjunction-venus-jupiter-2026-06-09')
    for (const c of conjunctions) {
      const degrees = /(\d+(?:\.\d+)?)(°|′)/.exec(c.title)
      expect(degrees).not.toBeNull()
      const value = Number(degrees?.[1]) / (degrees?.[2] === '′' ? 60 : 1)
      // The title rounds to a tenth: 1.96° reads "2.0°".
      expect(value).toBeLessThanOrEqual(2)
    }
  })
})

describe('eclipse visibility', () => {
  const place = (lat: number, lon: number) =>
    computeSkyEvents({ ...Y2026, kinds: ['solar-eclipse', 'lunar-eclipse'], place: { lat, lon } })

  it('sees the total solar eclipse of August 2026 from northern Spain and not from Sydney', async () => {
    const oviedo = byId('solar-eclipse-2026-08-12', await place(43.36, -5.85)).visibility
    expect(oviedo).toMatchObject({ visible: true, localKind: 'total', obscuration: 1 })
    expect(oviedo?.summary).toMatch(/^Total here/)
    const sydney = byId('solar-eclipse-2026-08-12', await place(-33.87, 151.21)).visibility
    expect(sydney).toMatchObject({ visible: false, obscuration: null })
  })

  it('sees the March 2026 lunar eclipse when the Moon is up there', async () => {
    const denver = byId('lunar-eclipse-2026-03-03', await place(39.74, -104.99)).visibility
    expect(denver?.visible).toBe(true)
    const madrid = byId('lunar-eclipse-2026-03-03', await place(40.42, -3.7)).visibility
    expect(madrid?.visible).toBe(false)
  })
})

describe('stable ids', () => {
  it('gives the same event the same id and content whatever range asks for it', async () => {
    const narrow = await computeSkyEvents({
      from: new Date('2026-08-01T06:30:00Z'),
      to: new Date('2026-09-15T00:00:00Z'),
    })
    const wide = await computeSkyEvents({
      from: new Date('2025-12-01T00:00:00Z'),
      to: new Date('2027-01-05T00:00:00Z'),
    })
    expect(narrow.length).toBeGreaterThan(10)
    for (const e of narrow) expect(wide.find((w) => w.id === e.id)).toEqual(e)
    expect(new Set(wide.map((e) => e.id)).size).toBe(wide.length)
  })
})
