import { Body, Illumination, SearchSunLongitude } from 'astronomy-engine'
import type { SkyEvent } from '../../contracts/sky-events.ts'
import { inRange, percent, type Range, skyEvent, slug, utcDay } from './events-common.ts'

export interface MeteorShower {
  name: string
  /** IAU Meteor Data Center code. */
  code: string
  /** Solar longitude of the peak, J2000.0 (IMO working list). */
  peakSolarLongitude: number
  /** Zenithal hourly rate at the peak under ideal skies. */
  zhr: number
  parent: string
  radiant: string
}

/** The major showers of the International Meteor Organization's working list (ZHR 10 and more). */
export const METEOR_SHOWERS: readonly MeteorShower[] = [
  {
    name: 'Quadrantids',
    code: 'QUA',
    peakSolarLongitude: 283.15,
    zhr: 80,
    parent: 'asteroid 2003 EH1',
    radiant: 'Boötes',
  },
  {
    name: 'Lyrids',
    code: 'LYR',
    peakSolarLongitude: 32.32,
    zhr: 18,
    parent: 'comet C/1861 G1 Thatcher',
    radiant: 'Lyra',
  },
  {
    name: 'Eta Aquariids',
    code: 'ETA',
    peakSolarLongitude: 45.5,
    zhr: 50,
    parent: 'comet 1P/Halley',
    radiant: 'Aquarius',
  },
  {
    name: 'Southern Delta Aquariids',
    code: 'SDA',
    peakSolarLongitude: 127,
    zhr: 25,
    parent: 'comet 96P/Machholz',
    radiant: 'Aquarius',
  },
  {
    name: 'Perseids',
    code: 'PER',
    peakSolarLongitude: 140.0,
    zhr: 100,
    parent: 'comet 109P/Swift–Tuttle',
    radiant: 'Perseus',
  },
  {
    name: 'Draconids',
    code: 'DRA',
    peakSolarLongitude: 195.4,
    zhr: 10,
    parent: 'comet 21P/Giacobini–Zinner',
    radiant: 'Draco',
  },
  {
    name: 'Orionids',
    code: 'ORI',
    peakSolarLongitude: 208,
    zhr: 20,
    parent: 'comet 1P/Halley',
    radiant: 'Orion',
  },
  {
    name: 'Leonids',
    code: 'LEO',
    peakSolarLongitude: 235.27,
    zhr: 15,
    parent: 'comet 55P/Tempel–Tuttle',
    radiant: 'Leo',
  },
  {
    name: 'Geminids',
    code: 'GEM',
    peakSolarLongitude: 262.2,
    zhr: 150,
    parent: 'asteroid 3200 Phaethon',
    radiant: 'Gemini',
  },
  {
    name: 'Ursids',
    code: 'URS',
    peakSolarLongitude: 270.7,
    zhr: 10,
    parent: 'comet 8P/Tuttle',
    radiant: 'Ursa Minor',
  },
]

/** General precession in ecliptic longitude, degrees per year. */
const PRECESSION_DEG_PER_YEAR = 50.29 / 3600

/**
 * The instant in `year` when the Sun reaches the shower's J2000 solar longitude. astronomy-engine
 * measures the Sun's longitude from the equinox of date, which precesses from J2000's.
 */
export function meteorPeak(shower: MeteorShower, year: number): Date | null {
  const ofDate = (shower.peakSolarLongitude + PRECESSION_DEG_PER_YEAR * (year - 2000)) % 360
  return SearchSunLongitude(ofDate, new Date(Date.UTC(year, 0, 1)), 366)?.date ?? null
}

function moonNote(fraction: number) {
  if (fraction < 0.25) return 'a dark sky'
  if (fraction < 0.6) return 'some moonlight'
  return 'bright moonlight that hides the fainter meteors'
}

export function meteorShowerEvents(range: Range): SkyEvent[] {
  const events: SkyEvent[] = []
  for (let year = range.from.getUTCFullYear(); year <= range.to.getUTCFullYear(); year++) {
    for (const shower of METEOR_SHOWERS) {
      const peak = meteorPeak(shower, year)
      if (!peak || !inRange(peak, range)) continue
      const moon = Illumination(Body.Moon, peak).phase_fraction
      events.push(
        skyEvent('meteor-shower', `meteor-shower-${slug(shower.name)}-${year}`, {
          title: `${shower.name} meteor shower peak`,
          start: peak,
          allDay: true,
          explanation:
            `Up to ${shower.zhr} meteors an hour under a perfectly dark sky, radiating from ${shower.radiant}; ` +
            `debris of ${shower.parent}. The Moon is ${percent(moon)} lit on ${utcDay(peak)}: ${moonNote(moon)}. ` +
            'Best after midnight, looking away from the radiant.',
        }),
      )
    }
  }
  return events
}
