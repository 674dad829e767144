import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createFakeMedia, type FakeMedia, mediaFakeEnv } from '../fakes/media.ts'
import { startFakeUpstreams } from '../fakes/server.ts'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'

/**
 * One app per test file pointed at the fake YouTube and Discord on loopback, with a clock the
 * tests move. Before each test the fake answers normally and its call log is empty.
 */
export function setupMediaApp(options: { apiKey?: boolean; env?: Record<string, string> } = {}) {
  const ctx = {} as {
    t: TestApp
    fake: FakeMedia
    clock: ReturnType<typeof testClock>
    admin: string
    member: string
    fakeUrl: string
  }
  let close: () => Promise<void> = async () => {}
  beforeAll(async () => {
    ctx.clock = testClock()
    ctx.fake = createFakeMedia()
    const upstreams = await startFakeUpstreams(ctx.fake.routes)
    ctx.fakeUrl = upstreams.url
    ctx.t = await createTestApp({
      env: { ...mediaFakeEnv(upstreams.url, { apiKey: options.apiKey }), ...options.env },
      clock: ctx.clock,
    })
    ctx.admin = (await ctx.t.signedIn('admin')).cookie
    ctx.member = (await ctx.t.signedIn('user')).cookie
    close = async () => {
      upstreams.server.closeAllConnections()
      await new Promise((resolve) => upstreams.server.close(resolve))
      await ctx.t.close()
    }
  })
  afterAll(() => close())
  beforeEach(() => {
    ctx.fake.setModes({ youtube: 'ok', feed: 'ok', widget: 'ok', gallery: 'ok' })
    ctx.fake.setVideoCount(120)
    ctx.fake.setTitleSuffix('')
    ctx.fake.setGalleryMessageCount(60)
    ctx.fake.setGalleryRetryAfter('2')
    ctx.fake.calls.length = 0
    ctx.t.services.discordCommunity.resetCaches()
  })
  return ctx
}
