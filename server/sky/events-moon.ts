import {
  ApsisKind,
  NextLunarApsis,
  NextMoonQuarter,
  SearchLunarApsis,
  SearchMoonQuarter,
  Seasons,
} from 'astronomy-engine'
import type { SkyEvent } from '../../contracts/sky-events.ts'
import type { Pause } from '../shared/cooperative.ts'
import {
  DAY_MS,
  HOUR_MS,
  inRange,
  type Range,
  skyEvent,
  utcClock,
  utcDay,
} from './events-common.ts'

const QUARTERS = [
  {
    slug: 'new-moon',
    title: 'New Moon',
    explanation:
      'The Moon is between the Earth and the Sun and cannot be seen: the darkest nights for faint galaxies and nebulae.',
  },
  {
    slug: 'first-quarter',
    title: 'First Quarter Moon',
    explanation:
      'Half of the Moon is lit, high in the evening sky: the shadows along the terminator make craters stand out in a small telescope.',
  },
  {
    slug: 'full-moon',
    title: 'Full Moon',
    explanation:
      'The Moon is opposite the Sun, up all night and fully lit: bright skies wash out faint objects.',
  },
  {
    slug: 'last-quarter',
    title: 'Last Quarter Moon',
    explanation:
      'Half of the Moon is lit, rising around midnight: the evenings are dark again for deep-sky observing.',
  },
] as const

export const SUPERMOON_WINDOW_MS = 24 * HOUR_MS

export interface Quarter {
  quarter: 0 | 1 | 2 | 3
  time: Date
}

/** The principal phases whose instant falls in the range. */
export async function moonQuarters(range: Range, pause: Pause): Promise<Quarter[]> {
  const found: Quarter[] = []
  let mq = SearchMoonQuarter(range.from)
  while (mq.time.date.getTime() <= range.to.getTime()) {
    found.push({ quarter: mq.quarter as Quarter['quarter'], time: mq.time.date })
    await pause()
    mq = NextMoonQuarter(mq)
  }
  return found
}

export function moonPhaseEvents(quarters: Quarter[]): SkyEvent[] {
  return quarters.map(({ quarter, time }) => {
    const q = QUARTERS[quarter]
    return skyEvent('moon-phase', `${q.slug}-${utcDay(time)}`, {
      title: q.title,
      start: time,
      allDay: false,
      explanation: q.explanation,
    })
  })
}

/** Full moons within 24 hours of the Moon's perigee (the closest point of its orbit). */
export async function supermoonEvents(
  quarters: Quarter[],
  range: Range,
  pause: Pause,
): Promise<SkyEvent[]> {
  const fulls = quarters.filter((q) => q.quarter === 2)
  if (fulls.length === 0) return []
  const perigees: { time: Date; km: number }[] = []
  let apsis = SearchLunarApsis(new Date(range.from.getTime() - 2 * DAY_MS))
  while (apsis.time.date.getTime() <= range.to.getTime() + 2 * DAY_MS) {
    if (apsis.kind === ApsisKind.Pericenter)
      perigees.push({ time: apsis.time.date, km: apsis.dist_km })
    await pause()
    apsis = NextLunarApsis(apsis)
  }
  return fulls.flatMap(({ time }) => {
    const perigee = perigees.find(
      (p) => Math.abs(p.time.getTime() - time.getTime()) <= SUPERMOON_WINDOW_MS,
    )
    if (!perigee) return []
    const hours = Math.round(Math.abs(perigee.time.getTime() - time.getTime()) / HOUR_MS)
    return [
      skyEvent('supermoon', `supermoon-${utcDay(time)}`, {
        title: 'Supermoon',
        start: time,
        allDay: false,
        explanation:
          `The full Moon comes within ${hours} hours of perigee, ${Math.round(perigee.km).toLocaleString('en-US')} km ` +
          `from the Earth (perigee at ${utcClock(perigee.time)} on ${utcDay(perigee.time)}): it looks about 7% wider and 15% brighter than an average full Moon.`,
      }),
    ]
  })
}

const SEASONS = [
  {
    key: 'mar_equinox',
    slug: 'march-equinox',
    title: 'March equinox',
    explanation:
      'The Sun crosses the celestial equator heading north: day and night are nearly equal everywhere; spring begins in the northern hemisphere, autumn in the southern.',
  },
  {
    key: 'jun_solstice',
    slug: 'june-solstice',
    title: 'June solstice',
    explanation:
      'The Sun reaches its northernmost point: the longest day in the northern hemisphere and the shortest in the southern.',
  },
  {
    key: 'sep_equinox',
    slug: 'september-equinox',
    title: 'September equinox',
    explanation:
      'The Sun crosses the celestial equator heading south: autumn begins in the northern hemisphere, spring in the southern.',
  },
  {
    key: 'dec_solstice',
    slug: 'december-solstice',
    title: 'December solstice',
    explanation:
      'The Sun reaches its southernmost point: the longest night in the northern hemisphere and the longest day in the southern.',
  },
] as const

export function seasonEvents(range: Range): SkyEvent[] {
  const events: SkyEvent[] = []
  for (let year = range.from.getUTCFullYear(); year <= range.to.getUTCFullYear(); year++) {
    const seasons = Seasons(year)
    for (const s of SEASONS) {
      const time = seasons[s.key].date
      if (!inRange(time, range)) continue
      events.push(
        skyEvent('season', `${s.slug}-${year}`, {
          title: s.title,
          start: time,
          allDay: false,
          explanation: s.explanation,
        }),
      )
    }
  }
  return events
}
