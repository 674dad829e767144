import { Body, Equator, Horizon, Observer } from 'astronomy-engine'
import { AURORA_LOOKAHEAD_MS, AURORA_SUN_BELOW_DEG } from '../../contracts/aurora.ts'
import { kpClass } from '../../contracts/sky.ts'
import type { KpForecastRow, KpRow } from '../integrations/swpc.ts'

const BLOCK_MS = 3 * 60 * 60 * 1000
/** The night is sampled this often: a window's ends are right to within it. */
export const STEP_MS = 10 * 60 * 1000

/** The Kp NOAA gives for each 3-hour block that touches the coming hours. */
export interface KpOutlook {
  /** Blocks by start (ms): forecast (estimated, predicted) and observed values, the higher kept. */
  blocks: Map<number, number>
  /** The highest Kp of the coming hours. */
  max: number
}

/**
 * The Kp for every 3-hour block from the current one to `now + AURORA_LOOKAHEAD_MS`: what was
 * observed in a block counts as much as what was forecast for it, the higher wins (a storm that
 * came early is a storm). NOAA observes a block once it is over, so the block that just ended
 * also counts for the current one: a storm going on now is not waited out. A block without a
 * value has no Kp (no alert for it).
 */
export function kpOutlook(
  observed: KpRow[] | null,
  forecast: KpForecastRow[] | null,
  now: Date,
): KpOutlook {
  const from = Math.floor(now.getTime() / BLOCK_MS) * BLOCK_MS
  const to = now.getTime() + AURORA_LOOKAHEAD_MS
  const blocks = new Map<number, number>()
  const keep = (start: number, kp: number) =>
    blocks.set(start, Math.max(blocks.get(start) ?? 0, kp))
  for (const row of [...(observed ?? []), ...(forecast ?? [])]) {
    const start = Date.parse(row.time)
    if (start >= from && start < to) keep(start, row.kp)
  }
  for (const row of observed ?? []) {
    if (Date.parse(row.time) === from - BLOCK_MS) keep(from, row.kp)
  }
  return { blocks, max: Math.max(0, ...blocks.values()) }
}

export interface AuroraWindow {
  /** ISO instants: the first and last dark moment with the Kp at or over the threshold. */
  start: string
  end: string
  /** The highest Kp in it. */
  kp: number
}

/** The sun's altitude (degrees, no refraction) at the place. */
function sunAltitude(observer: Observer, at: Date): number {
  const eq = Equator(Body.Sun, at, observer, true, true)
  return Horizon(at, observer, eq.ra, eq.dec).altitude
}

/**
 * The first stretch of the coming hours (now to now + 3 h) when it is dark at the place (the
 * sun below −12°) and the Kp reaches `threshold` (by Kp class: 4.67 is a 5): its ends, sampled
 * every 10 minutes, and its highest Kp; null when there is none.
 */
export function auroraWindow(
  outlook: KpOutlook,
  place: { lat: number; lon: number },
  threshold: number,
  now: Date,
): AuroraWindow | null {
  if (kpClass(outlook.max) < threshold) return null
  const observer = new Observer(place.lat, place.lon, 0)
  const end = now.getTime() + AURORA_LOOKAHEAD_MS
  let found: AuroraWindow | null = null
  for (let t = now.getTime(); t <= end; t += STEP_MS) {
    const kp = outlook.blocks.get(Math.floor(t / BLOCK_MS) * BLOCK_MS) ?? 0
    const on = kpClass(kp) >= threshold && sunAltitude(observer, new Date(t)) < AURORA_SUN_BELOW_DEG
    if (on) {
      // A sample stands for the ten minutes after it (to the end of the look-ahead at most).
      const until = new Date(Math.min(t + STEP_MS, end)).toISOString()
      found = found
        ? { start: found.start, end: until, kp: Math.max(found.kp, kp) }
        : { start: new Date(t).toISOString(), end: until, kp }
    } else if (found) {
      break
    }
  }
  return found
}
