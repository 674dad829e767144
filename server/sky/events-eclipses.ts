import {
  Body,
  EclipseKind,
  Equator,
  Horizon,
  NextGlobalSolarEclipse,
  NextLunarEclipse,
  Observer,
  SearchGlobalSolarEclipse,
  SearchLocalSolarEclipse,
  SearchLunarEclipse,
} from 'astronomy-engine'
import type { EclipseVisibility, SkyEvent, SkyPlace } from '../../contracts/sky-events.ts'
import type { Pause } from '../shared/cooperative.ts'
import {
  DAY_MS,
  inRange,
  percent,
  type Range,
  skyEvent,
  utcClock,
  utcDay,
} from './events-common.ts'

const MINUTE_MS = 60_000
const KIND_WORD: Record<EclipseKind, string> = {
  [EclipseKind.Total]: 'Total',
  [EclipseKind.Annular]: 'Annular',
  [EclipseKind.Partial]: 'Partial',
  [EclipseKind.Penumbral]: 'Penumbral',
}

const SOLAR_EXPLANATION: Record<string, string> = {
  [EclipseKind.Total]:
    'The Moon covers the whole Sun along a narrow path: the sky darkens and the corona appears. Outside the path the eclipse is partial. Never look at the partly covered Sun without certified eclipse glasses.',
  [EclipseKind.Annular]:
    'The Moon is too far from the Earth to cover the Sun: along a narrow path a ring of sunlight remains around it. Elsewhere the eclipse is partial. Eye protection is needed throughout.',
  [EclipseKind.Partial]:
    'The Moon covers part of the Sun as seen from part of the Earth. Never look at the Sun without certified eclipse glasses.',
}

const LUNAR_EXPLANATION: Record<string, string> = {
  [EclipseKind.Total]:
    "The full Moon passes wholly into the Earth's shadow and turns a coppery red: seen by everyone on the night side of the Earth, safe to watch with the naked eye.",
  [EclipseKind.Partial]:
    "Part of the full Moon passes into the Earth's dark shadow and looks bitten: seen from the whole night side of the Earth.",
  [EclipseKind.Penumbral]:
    "The full Moon passes through the Earth's faint outer shadow: a subtle dimming, hard to notice except near its middle.",
}

/** 99.6% rather than a rounded 100% when the Sun is not wholly covered. */
const coverage = (fraction: number) =>
  fraction < 1 && fraction >= 0.995
    ? `${Math.min(99.9, fraction * 100).toFixed(1)}%`
    : percent(fraction)

function observer(place: SkyPlace) {
  return new Observer(place.lat, place.lon, 0)
}

function solarVisibility(peak: Date, place: SkyPlace): EclipseVisibility {
  // The local search skips eclipses wholly at night there, so a different eclipse means "not seen".
  const local = SearchLocalSolarEclipse(new Date(peak.getTime() - 2 * DAY_MS), observer(place))
  const same = Math.abs(local.peak.time.date.getTime() - peak.getTime()) < DAY_MS
  if (!same) {
    return {
      place,
      visible: false,
      obscuration: null,
      localKind: null,
      start: null,
      peak: null,
      end: null,
      summary: 'Not visible from this place.',
    }
  }
  const localKind = local.kind as EclipseVisibility['localKind']
  const sunUp = [local.partial_begin, local.peak, local.partial_end].map((e) => e.altitude > 0)
  const begin = local.partial_begin.time.date
  const end = local.partial_end.time.date
  let summary = `${KIND_WORD[local.kind]} here: the Moon covers ${coverage(local.obscuration)} of the Sun at ${utcClock(local.peak.time.date)}; from ${utcClock(begin)} to ${utcClock(end)}.`
  if (!sunUp[0]) summary += ' The Sun rises already eclipsed.'
  if (!sunUp[2]) summary += ' The Sun sets before the eclipse ends.'
  if (local.total_begin && local.total_end) {
    const minutes =
      (local.total_end.time.date.getTime() - local.total_begin.time.date.getTime()) / MINUTE_MS
    summary += ` The ${local.kind} phase lasts ${minutes < 1 ? 'under a minute' : `${Math.round(minutes)} min`}.`
  }
  return {
    place,
    visible: true,
    obscuration: local.obscuration,
    localKind,
    start: begin.toISOString(),
    peak: local.peak.time.date.toISOString(),
    end: end.toISOString(),
    summary,
  }
}

export async function solarEclipseEvents(range: Range, pause: Pause): Promise<SkyEvent[]> {
  const events: SkyEvent[] = []
  let eclipse = SearchGlobalSolarEclipse(range.from)
  while (eclipse.peak.date.getTime() <= range.to.getTime()) {
    const peak = eclipse.peak.date
    const word = KIND_WORD[eclipse.kind]
    const where =
      eclipse.latitude !== undefined && eclipse.longitude !== undefined
        ? ` Greatest eclipse at ${utcClock(peak)} near ${eclipse.latitude.toFixed(1)}°, ${eclipse.longitude.toFixed(1)}°.`
        : ` Greatest eclipse at ${utcClock(peak)}.`
    events.push(
      skyEvent('solar-eclipse', `solar-eclipse-${utcDay(peak)}`, {
        title: `${word} solar eclipse`,
        start: peak,
        allDay: false,
        explanation: SOLAR_EXPLANATION[eclipse.kind] + where,
      }),
    )
    await pause()
    eclipse = NextGlobalSolarEclipse(eclipse.peak)
  }
  return events
}

function moonAltitude(t: Date, place: SkyPlace) {
  const obs = observer(place)
  const eq = Equator(Body.Moon, t, obs, true, true)
  return Horizon(t, obs, eq.ra, eq.dec, 'normal').altitude
}

/**
 * Sampled every 5 minutes: the part of the eclipse when the Moon is above the horizon. What counts
 * is the dark shadow when there is one.
 */
function lunarVisibility(eventStart: Date, place: SkyPlace): EclipseVisibility {
  const eclipse = SearchLunarEclipse(eventStart)
  const kind = eclipse.kind
  const peak = eclipse.peak.date
  const half = (kind === EclipseKind.Penumbral ? eclipse.sd_penum : eclipse.sd_partial) * MINUTE_MS
  const start = new Date(peak.getTime() - half)
  const end = new Date(peak.getTime() + half)
  const up: Date[] = []
  for (let t = start.getTime(); t <= end.getTime(); t += 5 * MINUTE_MS) {
    if (moonAltitude(new Date(t), place) > 0) up.push(new Date(t))
  }
  const first = up[0]
  const last = up.at(-1)
  const seen = first !== undefined && last !== undefined
  const whole =
    seen && up.length === Math.floor((end.getTime() - start.getTime()) / (5 * MINUTE_MS)) + 1
  const phase = kind === EclipseKind.Penumbral ? 'eclipse' : 'shadow phase'
  const summary = !seen
    ? 'Not visible from this place: the Moon is below the horizon throughout.'
    : whole
      ? `Visible from this place: the Moon is up for the whole ${phase}.`
      : `Partly visible from this place: the Moon is up from ${utcClock(first)} to ${utcClock(last)}.`
  return {
    place,
    visible: seen,
    obscuration: null,
    localKind: null,
    start: seen ? first.toISOString() : null,
    peak: seen && moonAltitude(peak, place) > 0 ? peak.toISOString() : null,
    end: seen ? last.toISOString() : null,
    summary,
  }
}

export async function lunarEclipseEvents(range: Range, pause: Pause): Promise<SkyEvent[]> {
  const events: SkyEvent[] = []
  let eclipse = SearchLunarEclipse(range.from)
  while (eclipse.peak.date.getTime() <= range.to.getTime()) {
    const peak = eclipse.peak.date
    if (inRange(peak, range)) {
      const around = (minutes: number) => [
        new Date(peak.getTime() - minutes * MINUTE_MS),
        new Date(peak.getTime() + minutes * MINUTE_MS),
      ]
      const [start, end] = around(eclipse.sd_penum) as [Date, Date]
      const totality =
        eclipse.kind === EclipseKind.Total
          ? ` Totality lasts ${Math.round(eclipse.sd_total * 2)} minutes around ${utcClock(peak)}.`
          : eclipse.kind === EclipseKind.Partial
            ? ` At ${utcClock(peak)} ${percent(eclipse.obscuration)} of the Moon is in the dark shadow.`
            : ` Greatest eclipse at ${utcClock(peak)}.`
      events.push(
        skyEvent('lunar-eclipse', `lunar-eclipse-${utcDay(peak)}`, {
          title: `${KIND_WORD[eclipse.kind]} lunar eclipse`,
          start,
          end,
          allDay: false,
          explanation: LUNAR_EXPLANATION[eclipse.kind] + totality,
        }),
      )
    }
    await pause()
    eclipse = NextLunarEclipse(eclipse.peak)
  }
  return events
}

/** An eclipse event with the view from `place`; other events unchanged. */
export function withVisibility(event: SkyEvent, place: SkyPlace): SkyEvent {
  const start = new Date(event.start)
  if (event.kind === 'solar-eclipse') return { ...event, visibility: solarVisibility(start, place) }
  if (event.kind === 'lunar-eclipse') return { ...event, visibility: lunarVisibility(start, place) }
  return event
}
