import { describe, expect, it } from 'vitest'
import { findJobLease } from '../../server/db/job-leases.ts'
import { createLogger } from '../../server/shared/logger.ts'
import { siteJobs } from '../../server/jobs/index.ts'
import { createScheduler, type Job } from '../../server/jobs/scheduler.ts'
import { createServices } from '../../server/services/index.ts'
import { FAKE_YOUTUBE } from '../fakes/media.ts'
import { setupMediaApp } from './media-support.ts'

const ctx = setupMediaApp()
const HOUR = 60 * 60 * 1000
const logger = createLogger('silent')

/** Two schedulers on the one database: as two app processes would be. */
function twoSchedulers(jobs: Job[]) {
  const make = () => createScheduler({ db: ctx.t.db, clock: ctx.clock, logger, jobs })
  return [make(), make()] as const
}

describe('the job scheduler', () => {
  it('runs a job once per period across two schedulers sharing a database', async () => {
    let runs = 0
    const job: Job = { name: `count-${Date.now()}`, every: HOUR, run: async () => void (runs += 1) }
    const [a, b] = twoSchedulers([job])
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()])
    expect(runs).toBe(1)
    ctx.clock.advance(HOUR / 2)
    await Promise.all([a.tick(), b.tick()])
    expect(runs).toBe(1)
    ctx.clock.advance(HOUR / 2)
    await Promise.all([a.tick(), b.tick()])
    expect(runs).toBe(2)
    await Promise.all([a.stop(), b.stop()])
  })

  it('logs a failed run and tries again at a later tick', async () => {
    let attempts = 0
    const job: Job = {
      name: `flaky-${Date.now()}`,
      every: HOUR,
      async run() {
        attempts += 1
        if (attempts === 1) throw new Error('upstream down')
      },
    }
    const [a] = twoSchedulers([job])
    await a.tick()
    expect(attempts).toBe(1)
    expect((await findJobLease(ctx.t.db, job.name))?.last_error).toBe('upstream down')
    ctx.clock.advance(60 * 1000)
    await a.tick()
    expect(attempts).toBe(2)
    expect((await findJobLease(ctx.t.db, job.name))?.last_error).toBeNull()
    await a.stop()
  })

  it('a process that died holding the lease does not block the job for ever', async () => {
    let runs = 0
    const never = new Promise<void>(() => {})
    const job: Job = {
      name: `stuck-${Date.now()}`,
      every: HOUR,
      timeoutMs: 5 * 60 * 1000,
      run: async () => {
        runs += 1
        if (runs === 1) await never
      },
    }
    const [a, b] = twoSchedulers([job])
    void a.tick()
    await new Promise((r) => setTimeout(r, 50))
    await b.tick()
    expect(runs).toBe(1)
    ctx.clock.advance(6 * 60 * 1000)
    await b.tick()
    expect(runs).toBe(2)
  })
})

describe('the hourly YouTube sync', () => {
  it('syncs the configured channel once an hour, once across two app instances', async () => {
    // A second app process on the same database, with its own services and scheduler.
    const other = createServices({ config: ctx.t.config, db: ctx.t.db, logger, clock: ctx.clock })
    const make = (services: typeof ctx.t.services) =>
      createScheduler({ db: ctx.t.db, clock: ctx.clock, logger, jobs: siteJobs(services) })
    const a = make(ctx.t.services)
    const b = make(other)
    const channelCalls = () =>
      ctx.fake.calls.filter(
        (c) => c.path.endsWith('/channels') && c.query.includes(FAKE_YOUTUBE.channelId),
      ).length
    await Promise.all([a.tick(), b.tick()])
    expect(channelCalls()).toBe(1)
    const listed = await ctx.t.request('/_api/youtube/list')
    expect((listed.json.pagination as { total: number }).total).toBe(120)
    ctx.clock.advance(30 * 60 * 1000)
    await Promise.all([a.tick(), b.tick()])
    expect(channelCalls()).toBe(1)
    ctx.clock.advance(31 * 60 * 1000)
    await Promise.all([a.tick(), b.tick()])
    expect(channelCalls()).toBe(2)
    await Promise.all([a.stop(), b.stop()])
  })
})
