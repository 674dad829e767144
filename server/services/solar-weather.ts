import { type SolarWeather, kpLevel, kpStatus } from '../../contracts/sky.ts'
import type { KpForecastRow, KpRow } from '../integrations/swpc.ts'

function latestAtOrBefore<R extends KpRow>(rows: R[], now: string): R | null {
  let best: R | null = null
  for (const row of rows) if (row.time <= now && (!best || row.time > best.time)) best = row
  return best
}

/**
 * The current Kp is the newest block that has begun: the forecast product's "estimated" block
 * when it is newer than the last observed one (the observed product only changes once a block is
 * over). The forecast is the predicted blocks still to start, judged at request time so an old
 * copy never shows past blocks as forecast.
 */
export function buildSolarWeather(
  observed: KpRow[] | null,
  forecast: KpForecastRow[] | null,
  now: Date,
): SolarWeather | null {
  const nowIso = now.toISOString()
  const fromObserved = observed ? latestAtOrBefore(observed, nowIso) : null
  const fromForecast = forecast
    ? latestAtOrBefore(
        forecast.filter((r) => r.observed !== 'predicted'),
        nowIso,
      )
    : null
  const current =
    fromForecast && (!fromObserved || fromForecast.time > fromObserved.time)
      ? fromForecast
      : fromObserved
  if (!current) return null

  const scale = 'noaaScale' in current ? (current as KpForecastRow).noaaScale : null
  const upcoming = (forecast ?? [])
    .filter((r) => r.observed === 'predicted' && r.time > nowIso)
    .map((r) => ({
      timestamp: r.time,
      kpIndex: r.kp,
      level: kpLevel(r.kp, r.noaaScale),
      status: kpStatus(r.kp, r.noaaScale),
    }))
  return {
    kpIndex: current.kp,
    level: kpLevel(current.kp, scale),
    status: kpStatus(current.kp, scale),
    updatedAt: current.time,
    forecastAvailable: upcoming.length > 0,
    forecast: upcoming,
  }
}
