import { describe, expect, it } from 'vitest'
import { expectedKp, kpForecastPayload, kpObservedPayload } from '../../tests/fakes/sky.ts'
import { parseKpForecast, parseKpObserved } from '../integrations/swpc.ts'
import { buildSolarWeather } from './solar-weather.ts'

const NOW = new Date('2026-11-22T12:10:00Z')
const observed = parseKpObserved(kpObservedPayload(NOW))
const forecast = parseKpForecast(kpForecastPayload(NOW))
const expected = expectedKp(NOW)

describe('buildSolarWeather', () => {
  it('takes the current block from the estimated row and forecasts the blocks still to start', () => {
    const weather = buildSolarWeather(observed, forecast, NOW)
    expect(weather).toMatchObject({
      kpIndex: expected.current.kpIndex,
      level: 'unsettled',
      status: 'Active',
      updatedAt: expected.current.updatedAt,
      forecastAvailable: true,
    })
    expect(weather?.forecast).toHaveLength(24)
    expect(weather?.forecast[0]).toEqual({
      timestamp: expected.predicted[0]?.timestamp,
      kpIndex: 4.67,
      level: 'minor-storm',
      status: 'Minor storm (G1)',
    })
    expect(weather?.forecast[2]).toMatchObject({ kpIndex: 5.67, level: 'major-storm' })
  })

  it('falls back to the observed product when the forecast is missing', () => {
    expect(buildSolarWeather(observed, null, NOW)).toMatchObject({
      kpIndex: expected.lastObserved.kpIndex,
      updatedAt: expected.lastObserved.updatedAt,
      forecastAvailable: false,
      forecast: [],
    })
  })

  it('uses the forecast product alone when the observed product is missing', () => {
    expect(buildSolarWeather(null, forecast, NOW)?.kpIndex).toBe(4)
  })

  it('judges the forecast at request time: an old copy shows only blocks still ahead', () => {
    const later = new Date(NOW.getTime() + 2 * 24 * 60 * 60 * 1000)
    const weather = buildSolarWeather(observed, forecast, later)
    expect(weather?.forecast.every((f) => f.timestamp > later.toISOString())).toBe(true)
    expect(weather?.forecast.length).toBeLessThan(24)
    const muchLater = new Date(NOW.getTime() + 5 * 24 * 60 * 60 * 1000)
    expect(buildSolarWeather(observed, forecast, muchLater)).toMatchObject({
      forecastAvailable: false,
      forecast: [],
    })
  })

  it('has nothing to say without data', () => {
    expect(buildSolarWeather(null, null, NOW)).toBeNull()
  })
})
