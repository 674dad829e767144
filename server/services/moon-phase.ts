import {
  Body,
  EclipticGeoMoon,
  Illumination,
  Libration,
  MoonPhase as moonElongation,
  SearchMoonPhase,
} from 'astronomy-engine'
import {
  type MoonPhase,
  moonPhaseName,
  PRINCIPAL_PHASE_WINDOW_HOURS,
  zodiacSign,
} from '../../contracts/sky.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const NEW_MOON = 0
const FULL_MOON = 180

function nextPhase(longitude: number, from: Date): Date {
  const found = SearchMoonPhase(longitude, from, 40)
  if (!found) throw new Error(`no moon phase ${longitude}° within 40 days of ${from.toISOString()}`)
  return found.date
}

/** The most recent new moon at or before `at` (lunations vary between about 29.3 and 29.8 days). */
function previousNewMoon(at: Date): Date {
  let candidate = nextPhase(NEW_MOON, new Date(at.getTime() - 31 * DAY_MS))
  for (;;) {
    const following = nextPhase(NEW_MOON, new Date(candidate.getTime() + DAY_MS))
    if (following.getTime() > at.getTime()) return candidate
    candidate = following
  }
}

export const PRINCIPAL_PHASES = [
  [0, 'New Moon'],
  [90, 'First Quarter'],
  [180, 'Full Moon'],
  [270, 'Third Quarter'],
] as const

/** The principal phase whose instant falls within a day of `at`, if any. */
function principalPhaseNear(at: Date) {
  const window = PRINCIPAL_PHASE_WINDOW_HOURS * 60 * 60 * 1000
  const from = new Date(at.getTime() - window)
  for (const [longitude, name] of PRINCIPAL_PHASES) {
    const found = SearchMoonPhase(longitude, from, (2 * window) / DAY_MS)
    if (found && Math.abs(found.date.getTime() - at.getTime()) <= window) return name
  }
  return null
}

/** The Moon as seen from Earth at `at`, computed locally with astronomy-engine. */
export function computeMoonPhase(at: Date): MoonPhase {
  const elongation = moonElongation(at)
  const lastNew = previousNewMoon(at)
  return {
    phaseName: moonPhaseName(elongation, principalPhaseNear(at)),
    illumination: Illumination(Body.Moon, at).phase_fraction * 100,
    age: (at.getTime() - lastNew.getTime()) / DAY_MS,
    distance: Libration(at).dist_km,
    zodiac: zodiacSign(EclipticGeoMoon(at).lon),
    nextNewMoon: nextPhase(NEW_MOON, at).toISOString(),
    nextFullMoon: nextPhase(FULL_MOON, at).toISOString(),
  }
}
