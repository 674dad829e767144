import type { Context } from 'hono'
import type { Freshness } from '../../contracts/sky.ts'
import type { AppEnv } from '../http/env.ts'
import { NoInput } from '../../contracts/common.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

/** The server cache decides freshness; the Age header repeats the body's ageSeconds. */
function withFreshnessHeaders<T extends Freshness>(c: Context<AppEnv>, body: T): T {
  c.header('Cache-Control', 'no-cache')
  c.header('Age', String(body.ageSeconds))
  return body
}

export const getMoonPhase = endpoint({
  ...API_PATHS.getMoonPhase,
  access: 'public',
  source: 'none',
  input: NoInput,
  async handler({ services, c }) {
    return withFreshnessHeaders(c, await services.sky.getMoonPhase())
  },
})

export const getSolarWeather = endpoint({
  ...API_PATHS.getSolarWeather,
  access: 'public',
  upstream: true,
  source: 'none',
  input: NoInput,
  async handler({ services, c }) {
    return withFreshnessHeaders(c, await services.sky.getSolarWeather())
  },
})

export const getApod = endpoint({
  ...API_PATHS.getApod,
  access: 'public',
  upstream: true,
  source: 'none',
  input: NoInput,
  async handler({ services, c }) {
    return withFreshnessHeaders(c, await services.sky.getApod())
  },
})

export const getCombinedNews = endpoint({
  ...API_PATHS.getCombinedNews,
  access: 'public',
  upstream: true,
  source: 'none',
  input: NoInput,
  async handler({ services, c }) {
    return withFreshnessHeaders(c, await services.sky.getNews())
  },
})
