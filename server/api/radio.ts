import superjson from 'superjson'
import { isNotConfigured, type NotConfigured } from '../../contracts/features.ts'
import { NoInput } from '../../contracts/common.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

/**
 * The radio answers in superjson (`{json, meta}`): the spec asks for a form that keeps rich
 * types, so the player gets Dates back. Browsers poll these; the server asks AzuraCast at most
 * once per freshness period however many of them do. A site without a station answers
 * `{"configured": false}`, plain JSON.
 */
const answer = <T>(value: T | NotConfigured) =>
  isNotConfigured(value) ? value : superjson.serialize(value)

export const getStation = endpoint({
  ...API_PATHS.getStation,
  access: 'public',
  upstream: true,
  source: 'none',
  input: NoInput,
  async handler({ services, c }) {
    c.header('Cache-Control', 'no-cache')
    return answer(await services.radio.station())
  },
})

export const getNowPlaying = endpoint({
  ...API_PATHS.getNowPlaying,
  access: 'public',
  upstream: true,
  source: 'none',
  input: NoInput,
  async handler({ services, c }) {
    c.header('Cache-Control', 'no-cache')
    return answer(await services.radio.nowPlaying())
  },
})
