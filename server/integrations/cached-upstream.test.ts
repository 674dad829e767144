import { describe, expect, it } from 'vitest'
import type { Logger } from '../shared/logger.ts'
import { DEFAULT_FAILURE_BACKOFF_MS, NoDataError, createCachedUpstream } from './cached-upstream.ts'
import { UpstreamError } from './upstream-fetch.ts'

function setup(ttlMs = 60_000) {
  let now = Date.parse('2026-06-18T21:00:00Z')
  const clock = { now: () => new Date(now) }
  const logged: unknown[] = []
  const logger: Logger = { info: () => {}, error: (m, f) => logged.push([m, f]) }
  let calls = 0
  let behaviour: () => Promise<string> = async () => `value ${calls}`
  const cache = createCachedUpstream({
    name: 'test',
    ttlMs,
    timeoutMs: 1000,
    clock,
    logger,
    load: () => {
      calls += 1
      return behaviour()
    },
  })
  return {
    cache,
    logged,
    calls: () => calls,
    advance: (ms: number) => {
      now += ms
    },
    behave: (fn: () => Promise<string>) => {
      behaviour = fn
    },
  }
}

const fail = async (): Promise<string> => {
  throw new UpstreamError('answered HTML instead of JSON')
}

describe('createCachedUpstream', () => {
  it('serves the copy while fresh and refreshes once it is due', async () => {
    const t = setup()
    expect((await t.cache.get()).value).toBe('value 1')
    t.advance(59_999)
    expect(await t.cache.get()).toMatchObject({ value: 'value 1', stale: false })
    expect(t.calls()).toBe(1)
    t.advance(1)
    expect(await t.cache.get()).toMatchObject({ value: 'value 2', stale: false })
    expect(t.calls()).toBe(2)
  })

  it('makes one upstream call however many callers ask at once', async () => {
    const t = setup()
    let release!: () => void
    t.behave(() => new Promise((resolve) => (release = () => resolve('slow value'))))
    const pending = Array.from({ length: 25 }, () => t.cache.get())
    await Promise.resolve()
    release()
    const results = await Promise.all(pending)
    expect(t.calls()).toBe(1)
    expect(new Set(results.map((r) => r.value))).toEqual(new Set(['slow value']))
  })

  it('serves the last good copy, marked stale with its real fetch time, when a refresh fails', async () => {
    const t = setup()
    const first = await t.cache.get()
    t.advance(2 * 60 * 60 * 1000)
    t.behave(fail)
    const got = await t.cache.get()
    expect(got).toEqual({ value: 'value 1', fetchedAt: first.fetchedAt, stale: true })
    expect(t.logged).toHaveLength(1)
  })

  it('throws NoDataError when the source never answered', async () => {
    const t = setup()
    t.behave(fail)
    await expect(t.cache.get()).rejects.toBeInstanceOf(NoDataError)
  })

  it('leaves a failing source alone during the back-off, then tries again', async () => {
    const t = setup()
    t.behave(fail)
    await expect(t.cache.get()).rejects.toThrow(NoDataError)
    await expect(t.cache.get()).rejects.toThrow(NoDataError)
    expect(t.calls()).toBe(1)
    t.advance(DEFAULT_FAILURE_BACKOFF_MS)
    t.behave(async () => 'recovered')
    expect(await t.cache.get()).toMatchObject({ value: 'recovered', stale: false })
    expect(t.calls()).toBe(2)
  })

  it('honours Retry-After from a 429 for the back-off', async () => {
    const t = setup()
    t.behave(async () => {
      throw new UpstreamError('answered 429', 429, 300_000)
    })
    const error = await t.cache.get().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NoDataError)
    expect((error as NoDataError).retryAfterSeconds).toBe(300)
    t.advance(DEFAULT_FAILURE_BACKOFF_MS)
    await expect(t.cache.get()).rejects.toThrow(NoDataError)
    expect(t.calls()).toBe(1)
    t.advance(300_000)
    t.behave(async () => 'ok now')
    expect((await t.cache.get()).value).toBe('ok now')
  })

  it('with a stale copy in hand, nobody waits for a known-failing source: it retries in the background', async () => {
    const t = setup()
    await t.cache.get()
    t.advance(120_000)
    t.behave(fail)
    expect((await t.cache.get()).stale).toBe(true)
    t.advance(DEFAULT_FAILURE_BACKOFF_MS)
    let release!: () => void
    t.behave(() => new Promise((resolve) => (release = () => resolve('fresh again'))))
    expect(await t.cache.get()).toMatchObject({ value: 'value 1', stale: true })
    expect(t.calls()).toBe(3)
    release()
    await new Promise((r) => setTimeout(r, 0))
    expect(await t.cache.get()).toMatchObject({ value: 'fresh again', stale: false })
  })

  it('never stores a value that failed validation', async () => {
    const t = setup()
    await t.cache.get()
    t.advance(60_000)
    t.behave(async () => {
      throw new Error('schema: expected array')
    })
    expect(await t.cache.get()).toMatchObject({ value: 'value 1', stale: true })
  })

  it('reset("expire") keeps the copy as a fallback; reset("clear") forgets it', async () => {
    const t = setup()
    await t.cache.get()
    t.behave(fail)
    t.cache.reset('expire')
    expect(await t.cache.get()).toMatchObject({ value: 'value 1', stale: true })
    t.cache.reset('clear')
    await expect(t.cache.get()).rejects.toThrow(NoDataError)
  })
})
