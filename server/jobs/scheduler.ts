import { randomBytes } from 'node:crypto'
import type { Database } from '../db/dialect.ts'
import { claimJobLease, ensureJobLease, releaseJobLease } from '../db/job-leases.ts'
import type { Logger } from '../shared/logger.ts'
import type { Clock } from '../shared/clock.ts'

/**
 * Scheduled work is data: a name, how often, and what to run. One scheduler per process checks
 * every `tickMs`; a lease row per job in the database makes each run happen once however many
 * processes share that database. A run that throws is logged and tried again at the next tick.
 */
export interface Job {
  name: string
  /** Milliseconds between the start of one successful run and the next. */
  every: number
  run: () => Promise<unknown>
  /** How long a run may hold the lease before another process may take over (default 10 min). */
  timeoutMs?: number
}

export interface Scheduler {
  start(): void
  /** Stops ticking and waits for the runs in progress to finish. */
  stop(): Promise<void>
  /** One pass over every job, as a tick does; tests call it after moving the clock. */
  tick(): Promise<void>
}

export const DEFAULT_TICK_MS = 30_000
const DEFAULT_LEASE_MS = 10 * 60 * 1000
/** After a failed run, the next attempt waits at least this long. */
const RETRY_AFTER_FAILURE_MS = 60_000

export function createScheduler(deps: {
  db: Database
  clock: Clock
  logger: Logger
  jobs: Job[]
  tickMs?: number
}): Scheduler {
  const { db, clock, logger, jobs } = deps
  const owner = `${process.pid}-${randomBytes(4).toString('hex')}`
  const running = new Map<string, Promise<void>>()
  let timer: NodeJS.Timeout | null = null
  let ticking: Promise<void> | null = null
  let stopped = false
  let ensured = false

  async function runJob(job: Job): Promise<void> {
    const started = clock.now()
    const lockedUntil = new Date(started.getTime() + (job.timeoutMs ?? DEFAULT_LEASE_MS))
    const won = await claimJobLease(
      db,
      job.name,
      owner,
      started.toISOString(),
      lockedUntil.toISOString(),
    )
    if (!won) return
    let error: string | null = null
    try {
      await job.run()
    } catch (e) {
      error = e instanceof Error ? e.message : String(e)
      logger.error('job failed', { job: job.name, error })
    }
    const finished = clock.now()
    const nextRunAt = new Date(
      error === null
        ? started.getTime() + job.every
        : finished.getTime() + Math.min(job.every, RETRY_AFTER_FAILURE_MS),
    )
    await releaseJobLease(db, job.name, owner, {
      nextRunAt: nextRunAt.toISOString(),
      finishedAt: finished.toISOString(),
      error,
    })
  }

  async function tick(): Promise<void> {
    if (stopped) return
    if (!ensured) {
      const now = clock.now().toISOString()
      for (const job of jobs) await ensureJobLease(db, job.name, now)
      ensured = true
    }
    await Promise.all(
      jobs.map((job) => {
        if (running.has(job.name)) return undefined
        const run = runJob(job)
          .catch((e: unknown) =>
            logger.error('job lease failed', { job: job.name, error: String(e) }),
          )
          .finally(() => running.delete(job.name))
        running.set(job.name, run)
        return run
      }),
    )
  }

  return {
    start() {
      if (timer || stopped) return
      const loop = () => {
        ticking = tick()
          .catch((e: unknown) => logger.error('scheduler tick failed', { error: String(e) }))
          .finally(() => {
            ticking = null
          })
      }
      loop()
      timer = setInterval(loop, deps.tickMs ?? DEFAULT_TICK_MS)
      timer.unref()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = null
      await ticking
      await Promise.all(running.values())
    },
    tick,
  }
}
