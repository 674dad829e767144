import { afterAll, beforeAll, beforeEach } from 'vitest'
import { startFakeUpstreams } from '../fakes/server.ts'
import { type SkyFake, createSkyFake, skyFakeEnv } from '../fakes/sky.ts'
import { type TestApp, createTestApp, testClock } from '../support/test-app.ts'

// Long enough for a loaded test machine, short enough for the tests of hanging upstreams.
export const UPSTREAM_TIMEOUT_MS = 1500

/**
 * One app per test file with every sky upstream pointed at a fake on loopback, a clock the tests
 * move, and before each test: cold caches, every upstream answering normally, hit counts at zero.
 */
export function setupSkyApp() {
  const ctx = {} as { t: TestApp; fake: SkyFake; clock: ReturnType<typeof testClock> }
  let close: () => Promise<void> = async () => {}
  beforeAll(async () => {
    ctx.clock = testClock()
    ctx.fake = createSkyFake({ now: ctx.clock.now, holdMs: 10_000 })
    const upstreams = await startFakeUpstreams(ctx.fake.routes)
    ctx.t = await createTestApp({
      env: { ...skyFakeEnv(upstreams.url), SKY_UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) },
      clock: ctx.clock,
    })
    close = async () => {
      ctx.fake.releaseHeld()
      upstreams.server.closeAllConnections()
      await new Promise((resolve) => upstreams.server.close(resolve))
      await ctx.t.close()
    }
  })
  afterAll(() => close())
  beforeEach(() => {
    ctx.t.services.sky.resetCaches('clear')
    ctx.fake.resetModes()
    ctx.fake.resetHits()
  })
  return ctx
}

export const MINUTE = 60 * 1000

export const FAILURE_MODES = [
  'html',
  'rate-limited',
  'timeout',
  'malformed',
  'server-error',
] as const
