import superjson from 'superjson'
import * as API from '../../contracts/endpoints.ts'
import { isNotConfigured, type NotConfigured } from '../../contracts/features.ts'
import { handle } from './define.ts'

/**
 * The radio answers in superjson (`{json, meta}`): the spec asks for a form that keeps rich
 * types, so the player gets Dates back. Browsers poll these; the server asks AzuraCast at most
 * once per freshness period however many of them do. A site without a station answers
 * `{"configured": false}`, plain JSON.
 */
const answer = <T>(value: T | NotConfigured): API.Superjson<T> | NotConfigured =>
  isNotConfigured(value) ? value : superjson.serialize(value)

export const getStation = handle(API.getStation, {
  upstream: true,
  handler: async (_input, { services }) => answer(await services.radio.station()),
})

export const getNowPlaying = handle(API.getNowPlaying, {
  upstream: true,
  handler: async (_input, { services }) => answer(await services.radio.nowPlaying()),
})
