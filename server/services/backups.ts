import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { type Readable, Transform } from 'node:stream'
import {
  BACKUP_EXPORT_LIMIT,
  BACKUP_EXPORT_WINDOW_MS,
  BACKUP_FAILED_KEPT,
  BACKUP_LIST_MAX,
  BACKUP_MESSAGES,
  type BackupListResponse,
  type BackupOverview,
  type BackupRun,
} from '../../contracts/backups.ts'
import { type BackupSources, writeBackup } from '../backup/backup.ts'
import { createBackupTarget } from '../backup/targets.ts'
import type { Config } from '../config.ts'
import {
  deleteBackupRun,
  failInterruptedBackups,
  insertBackupRun,
  listBackupRuns,
  listBackupRunsBeyond,
  updateBackupRun,
} from '../db/backups.ts'
import type { Database } from '../db/dialect.ts'
import type { BackupRow } from '../db/schema.ts'
import type { Clock } from '../shared/clock.ts'
import { Conflict } from '../shared/errors.ts'
import type { Logger } from '../shared/logger.ts'
import type { Storage } from '../storage/storage.ts'
import { type RateLimiter, type RateRule, waitPhrase } from './rate-limiter.ts'

export type BackupService = ReturnType<typeof createBackupService>

const EXPORT_RULE: RateRule = {
  name: 'backup-export',
  limit: BACKUP_EXPORT_LIMIT,
  windowMs: BACKUP_EXPORT_WINDOW_MS,
  message: (seconds) => BACKUP_MESSAGES.rateLimited(waitPhrase(seconds)),
}
/** How long an export waits for a backup that is finishing before it is refused. */
const EXPORT_WAIT_MS = 2000
/** An export whose client takes nothing for this long is stopped. */
const EXPORT_STALL_MS = 5 * 60 * 1000
/** A failure's message as the record keeps it. */
const ERROR_MAX = 500

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX)

function toRun(row: BackupRow): BackupRun {
  return {
    id: row.id,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    bytes: row.bytes === null ? null : Number(row.bytes),
    result: row.result,
    error: row.error,
  }
}

/**
 * Scheduled backups (BACKUP_SCHEDULE) and "Export site". One backup at a time per process: both
 * copy the whole database and read every stored file, so a second one waits (the schedule) or is
 * refused (an export). Each scheduled run is recorded, failures included, then the oldest beyond
 * BACKUP_KEEP are deleted with their archives.
 */
export function createBackupService(deps: {
  db: Database
  clock: Clock
  logger: Logger
  config: Config
  storage: Storage
  rateLimiter: RateLimiter
}) {
  const { db, clock, logger, config, storage } = deps
  const target = createBackupTarget(config.backup.target)
  let running: Promise<unknown> | null = null

  const sources = (signal?: AbortSignal): BackupSources => ({
    db,
    database: config.database,
    storage,
    now: () => clock.now(),
    signal,
    // The SQLite copy is as big as the database: DATA_DIR has room for it, /tmp may not.
    workRoot: path.join(config.dataDir, 'backup-work'),
  })

  function hold<T>(work: Promise<T>): Promise<T> {
    running = work
    void work.then(
      () => (running = null),
      () => (running = null),
    )
    return work
  }

  async function makeScheduled(): Promise<void> {
    const startedAt = clock.now()
    await failInterruptedBackups(db, startedAt.toISOString(), BACKUP_MESSAGES.interrupted)
    const name = target.nameFor(startedAt)
    const location = target.locationOf(name)
    const id = await insertBackupRun(db, { started_at: startedAt.toISOString(), location })
    try {
      const { bytes } = await target.write(name, (out) => writeBackup(sources(), out))
      await updateBackupRun(db, id, {
        finished_at: clock.now().toISOString(),
        result: 'ok',
        bytes,
        error: null,
      })
      logger.info('backup made', { location, bytes })
    } catch (error) {
      logger.error('backup failed', { location, error: errorText(error) })
      await updateBackupRun(db, id, {
        finished_at: clock.now().toISOString(),
        result: 'failed',
        bytes: null,
        error: errorText(error),
      })
    }
    await prune()
  }

  async function prune(): Promise<void> {
    for (const row of await listBackupRunsBeyond(db, 'ok', config.backup.keep)) {
      try {
        await target.remove(row.location)
        await deleteBackupRun(db, row.id)
      } catch (error) {
        logger.error('old backup not deleted', { location: row.location, error: errorText(error) })
      }
    }
    for (const row of await listBackupRunsBeyond(db, 'failed', BACKUP_FAILED_KEPT))
      await deleteBackupRun(db, row.id)
  }

  return {
    /** The scheduled job's run: a failure is logged and recorded, not thrown (tried tomorrow). */
    async runScheduled(): Promise<void> {
      while (running) await running.catch(() => undefined)
      await hold(makeScheduled())
    },

    /**
     * Starts an export: the archive streams out as it is written. The caller reads `body` to the
     * end or destroys it; a body destroyed early (the browser went away) stops the work.
     */
    async startExport(adminId: number): Promise<{ filename: string; body: Readable }> {
      // One that is just ending (its last bytes sent, its folder being removed) is waited for.
      if (running) await Promise.race([running.catch(() => undefined), delay(EXPORT_WAIT_MS)])
      if (running) throw new Conflict(BACKUP_MESSAGES.busy)
      await deps.rateLimiter.hit(EXPORT_RULE, String(adminId))
      if (running) throw new Conflict(BACKUP_MESSAGES.busy)
      const controller = new AbortController()
      // A client that keeps the connection open but reads nothing would hold the one backup slot
      // for ever: after EXPORT_STALL_MS without a byte taken, the export is stopped.
      let moved = Date.now()
      const body = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          moved = Date.now()
          done(null, chunk)
        },
      })
      const watchdog = setInterval(() => {
        if (Date.now() - moved > EXPORT_STALL_MS) body.destroy(new Error('The download stalled'))
      }, EXPORT_STALL_MS / 4)
      watchdog.unref()
      body.once('close', () => clearInterval(watchdog))
      let finished = false
      // A browser that went away destroys the body with an error: that is the end, not a fault.
      body.on('error', () => undefined)
      body.once('close', () => {
        if (!finished) controller.abort(new Error('The export was cancelled'))
      })
      void hold(
        writeBackup(sources(controller.signal), body).then(
          () => void (finished = true),
          (error: unknown) => {
            if (!controller.signal.aborted)
              logger.error('export failed', { error: errorText(error) })
            body.destroy(error as Error)
          },
        ),
      )
      return { filename: `site-backup-${clock.now().toISOString().slice(0, 10)}.tar.gz`, body }
    },

    async list(): Promise<BackupListResponse> {
      const rows = await listBackupRuns(db, BACKUP_LIST_MAX)
      return {
        backups: rows.map(toRun),
        schedule: {
          enabled: config.backup.schedule === 'daily',
          keep: config.backup.keep,
          location: target.where,
        },
      }
    },

    async overview(): Promise<BackupOverview> {
      const [last] = await listBackupRuns(db, 1)
      return { scheduled: config.backup.schedule === 'daily', last: last ? toRun(last) : null }
    },

    close: () => target.close(),
  }
}
