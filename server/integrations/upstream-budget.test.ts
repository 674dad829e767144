import { describe, expect, it } from 'vitest'
import { testClock } from '../../tests/support/clock.ts'
import { createLogger } from '../shared/logger.ts'
import {
  DEFAULT_429_BACKOFF_MS,
  MAX_BACKOFF_MS,
  type UpstreamName,
  UpstreamHeld,
  createUpstreamBudgets,
} from './upstream-budget.ts'
import type { UpstreamAnswer } from './upstream-fetch.ts'

function answer(status: number, headers: Record<string, string> = {}): UpstreamAnswer {
  return {
    status,
    ok: status < 300,
    headers: new Headers(headers),
    contentType: 'application/json',
    text: '{}',
    json: {},
    retryAfterMs: null,
  }
}

function setup(callsPerMinute?: Partial<Record<UpstreamName, number>>) {
  const time = testClock()
  const budgets = createUpstreamBudgets({
    clock: time,
    logger: createLogger('silent'),
    callsPerMinute,
  })
  let calls = 0
  let next = () => answer(200)
  const call = async () => {
    calls += 1
    return next()
  }
  return {
    time,
    budgets,
    call,
    calls: () => calls,
    answerWith(make: () => UpstreamAnswer) {
      next = make
    },
  }
}

async function held(promise: Promise<unknown>): Promise<UpstreamHeld> {
  try {
    await promise
  } catch (error) {
    if (error instanceof UpstreamHeld) return error
    throw error
  }
  throw new Error('expected the call to be held back')
}

describe('upstream budget', () => {
  it('makes at most its calls per minute, then none until the minute is over', async () => {
    const t = setup({ swpc: 3 })
    const swpc = t.budgets.of('swpc')
    for (let i = 0; i < 3; i++) await swpc.run(null, t.call)
    t.time.advance(20_000)
    const refused = await held(swpc.run(null, t.call))
    expect(refused).toMatchObject({ reason: 'budget', retryAfterMs: 40_000 })
    expect(t.calls()).toBe(3)
    t.time.advance(40_000)
    await swpc.run(null, t.call)
    expect(t.calls()).toBe(4)
  })

  it('after a 429 with Retry-After in seconds, calls nobody until then', async () => {
    const t = setup()
    const bot = t.budgets.of('discord-bot')
    t.answerWith(() => answer(429, { 'retry-after': '30' }))
    expect((await bot.run(null, t.call)).retryAfterMs).toBe(30_000)
    t.answerWith(() => answer(200))
    t.time.advance(29_999)
    expect(await held(bot.run(null, t.call))).toMatchObject({
      reason: 'backoff',
      status: 429,
      retryAfterMs: 1,
    })
    expect(t.calls()).toBe(1)
    t.time.advance(1)
    expect((await bot.run(null, t.call)).status).toBe(200)
    expect(t.calls()).toBe(2)
  })

  it('reads an HTTP date with its own clock, and honours a 503 that names one', async () => {
    const t = setup()
    const nasa = t.budgets.of('nasa')
    const at = new Date(t.time.now().getTime() + 45_000).toUTCString()
    t.answerWith(() => answer(503, { 'retry-after': at }))
    expect((await nasa.run(null, t.call)).retryAfterMs).toBe(45_000)
    t.time.advance(44_000)
    expect((await held(nasa.run(null, t.call))).retryAfterMs).toBe(1_000)
    t.time.advance(1_000)
    await nasa.run(null, t.call)
    expect(t.calls()).toBe(2)
  })

  it('waits a default after a bare 429, not after a bare 503, and at most an hour', async () => {
    const t = setup()
    const radio = t.budgets.of('azuracast')
    t.answerWith(() => answer(503))
    await radio.run(null, t.call)
    await radio.run(null, t.call)
    expect(t.calls()).toBe(2)

    t.answerWith(() => answer(429))
    await radio.run(null, t.call)
    expect((await held(radio.run(null, t.call))).retryAfterMs).toBe(DEFAULT_429_BACKOFF_MS)

    const youtube = t.budgets.of('youtube')
    t.answerWith(() => answer(429, { 'retry-after': String(10 * 24 * 3600) }))
    await youtube.run(null, t.call)
    expect((await held(youtube.run(null, t.call))).retryAfterMs).toBe(MAX_BACKOFF_MS)
  })

  it('keeps upstreams apart, and news feeds per host', async () => {
    const t = setup()
    t.answerWith(() => answer(429, { 'retry-after': '60' }))
    await t.budgets.of('news-feed', 'feeds.example.org').run(null, t.call)
    t.answerWith(() => answer(200))
    await held(t.budgets.of('news-feed', 'feeds.example.org').run(null, t.call))
    await t.budgets.of('news-feed', 'other.example.net').run(null, t.call)
    await t.budgets.of('swpc').run(null, t.call)
    expect(t.calls()).toBe(3)
  })

  it("holds sign-in back for Discord's global limits, not for one member's", async () => {
    const t = setup()
    const oauth = t.budgets.of('discord-oauth')
    t.answerWith(() => answer(429, { 'retry-after': '5', 'x-ratelimit-scope': 'user' }))
    await oauth.run(null, t.call)
    t.answerWith(() => answer(429, { 'retry-after': '5', 'x-ratelimit-global': 'true' }))
    await oauth.run(null, t.call)
    expect(t.calls()).toBe(2)
    await held(oauth.run(null, t.call))
    expect(t.calls()).toBe(2)
  })

  it('shares one call among identical requests in flight, and counts it once', async () => {
    const t = setup({ 'discord-widget': 1 })
    const widget = t.budgets.of('discord-widget')
    let release = () => {}
    const slow = () =>
      new Promise<UpstreamAnswer>((resolve) => {
        release = () => resolve(answer(200))
      })
    let calls = 0
    const counted = () => {
      calls += 1
      return slow()
    }
    const together = Array.from({ length: 50 }, () => widget.run('GET /widget.json', counted))
    release()
    const answers = await Promise.all(together)
    expect(calls).toBe(1)
    expect(new Set(answers).size).toBe(1)
    // Done: the next one is a new call, and this minute's single call is spent.
    await held(widget.run('GET /widget.json', counted))
  })

  it('forgets counts and back-offs when reset', async () => {
    const t = setup({ swpc: 1 })
    const swpc = t.budgets.of('swpc')
    await swpc.run(null, t.call)
    await held(swpc.run(null, t.call))
    t.budgets.reset('swpc')
    await swpc.run(null, t.call)
    expect(t.calls()).toBe(2)
  })
})
