import { describe, expect, it } from 'vitest'
import { NotFound, Unavailable } from '../../server/shared/errors.ts'
import { loadOrFail } from './loader-errors.server.ts'
import { loadSkyData } from './sky.server.ts'

/** What a loader threw: React Router's data() answer (status, headers, body) or the error itself. */
async function thrown(load: Promise<unknown>): Promise<unknown> {
  return load.then(
    () => {
      throw new Error('the loader answered')
    },
    (error: unknown) => error,
  )
}

describe('loader errors', () => {
  it("answer a NotFound with the route's 404 and an unavailable upstream with 503 and Retry-After", async () => {
    expect(await thrown(loadOrFail(() => Promise.reject(new NotFound('No such post.'))))).toEqual(
      expect.objectContaining({ data: 'No such post.', init: { status: 404, headers: {} } }),
    )
    const down = new Unavailable('The feed is down.', { retryAfterSeconds: 29.2 })
    expect(await thrown(loadOrFail(() => Promise.reject(down)))).toEqual(
      expect.objectContaining({
        data: 'The feed is down.',
        init: { status: 503, headers: { 'Retry-After': '30' } },
      }),
    )
    const bug = new TypeError('x is undefined')
    expect(await thrown(loadOrFail(() => Promise.reject(bug)))).toBe(bug)
    await expect(loadOrFail(async () => 'fine')).resolves.toBe('fine')
  })

  it("give a sky page's error view the service's message, and a fallback for anything else", async () => {
    const down = new Unavailable('Space weather data is unavailable.', { retryAfterSeconds: 60 })
    expect(await loadSkyData(() => Promise.reject(down), 'fallback')).toEqual({
      initial: null,
      error: 'Space weather data is unavailable.',
    })
    expect(
      await loadSkyData(() => Promise.reject(new Error('socket hang up')), 'fallback'),
    ).toEqual({ initial: null, error: 'fallback' })
    expect(await loadSkyData(async () => ({ kp: 3 }), 'fallback')).toEqual({
      initial: { kp: 3 },
      error: null,
    })
  })
})
