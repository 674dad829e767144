import * as API from '../../contracts/endpoints.ts'
import type { Freshness } from '../../contracts/sky.ts'
import { handle, withHeaders } from './define.ts'

/** The server cache decides freshness; the Age header repeats the body's ageSeconds. */
const withAge = <T extends Freshness>(body: T) =>
  withHeaders(body, { Age: String(body.ageSeconds) })

export const getMoonPhase = handle(API.getMoonPhase, {
  handler: async (_input, { services }) => withAge(await services.sky.getMoonPhase()),
})

export const getSolarWeather = handle(API.getSolarWeather, {
  upstream: true,
  handler: async (_input, { services }) => withAge(await services.sky.getSolarWeather()),
})

export const getApod = handle(API.getApod, {
  upstream: true,
  handler: async (_input, { services }) => withAge(await services.sky.getApod()),
})

export const getCombinedNews = handle(API.getCombinedNews, {
  upstream: true,
  handler: async (_input, { services }) => withAge(await services.sky.getNews()),
})

export const getSkyEvents = handle(API.getSkyEvents, {
  handler: (input, { services }) => services.skyEvents.list(input),
})
