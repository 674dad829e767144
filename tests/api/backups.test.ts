import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BACKUP_MESSAGES } from '../../contracts/backups.ts'
import { restoreBackup, verifyArchive } from '../../server/backup/restore.ts'
import { createDatabase } from '../../server/db/dialect.ts'
import { siteJobs } from '../../server/jobs/index.ts'
import { createScheduler } from '../../server/jobs/scheduler.ts'
import { createLogger } from '../../server/shared/logger.ts'
import { createS3Storage } from '../../server/storage/s3.ts'
import { createDiskStorage } from '../../server/storage/storage.ts'
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '../support/s3-server.ts'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'

const DAY = 24 * 60 * 60 * 1000
const clock = testClock()
const work = mkdtempSync(path.join(tmpdir(), 'backups-test-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function backupJob(t: TestApp) {
  const job = siteJobs(t.services).find((j) => j.name === 'backup')
  if (!job) throw new Error('no backup job')
  return job
}

/** Two schedulers on one database, as two app processes would be, running only the backup job. */
function twoSchedulers(t: TestApp) {
  const make = () =>
    createScheduler({
      db: t.db,
      clock: t.clock,
      logger: createLogger('silent'),
      jobs: [backupJob(t)],
    })
  return [make(), make()] as const
}

interface BackupsBody {
  backups: Array<{
    id: number
    startedAt: string
    bytes: number | null
    result: string
    error: string | null
  }>
  schedule: { enabled: boolean; keep: number; location: string }
}

/** A GET whose body is left to the caller: the export streams. */
function rawGet(t: TestApp, url: string, cookie: string) {
  return t.app.request(`http://localhost${url}`, { headers: { cookie } }, {
    incoming: { socket: { remoteAddress: '203.0.113.9' } },
  } as never)
}

async function saveBody(res: Response, file: string): Promise<void> {
  await pipeline(Readable.fromWeb(res.body! as never), createWriteStream(file))
}

describe('scheduled backups to a folder', () => {
  let t: TestApp
  const dir = path.join(work, 'scheduled')
  beforeAll(async () => {
    t = await createTestApp({
      env: { BACKUP_SCHEDULE: 'daily', BACKUP_KEEP: '2', BACKUP_DIR: dir },
      clock,
    })
  })
  afterAll(() => t.close())

  it('makes one verifiable archive a day across two schedulers and keeps only BACKUP_KEEP', async () => {
    const [a, b] = twoSchedulers(t)
    await Promise.all([a.tick(), b.tick()])
    let files = readdirSync(dir)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^site-backup-\d{8}-\d{6}\.tar\.gz$/)
    const manifest = await verifyArchive(path.join(dir, files[0]!))
    expect(manifest.tables.length).toBeGreaterThan(5)

    await Promise.all([a.tick(), b.tick()])
    expect(readdirSync(dir)).toHaveLength(1)
    for (let day = 0; day < 3; day++) {
      clock.advance(DAY)
      await Promise.all([a.tick(), b.tick()])
    }
    files = readdirSync(dir).sort()
    expect(files).toHaveLength(2)
    const { cookie } = await t.signedIn('admin')
    const res = await t.request('/_api/admin/backups', { cookie })
    expect(res.status).toBe(200)
    const body = res.json as unknown as BackupsBody
    expect(body.schedule).toEqual({ enabled: true, keep: 2, location: dir })
    expect(body.backups.map((r) => r.result)).toEqual(['ok', 'ok'])
    expect(body.backups[0]!.bytes).toBeGreaterThan(1000)
    await Promise.all([a.stop(), b.stop()])
  })

  it('the dashboard overview shows the last backup', async () => {
    const { cookie } = await t.signedIn('admin')
    const res = await t.request('/_api/admin/stats', { cookie })
    const backup = (res.json as { backup: { scheduled: boolean; last: { result: string } } }).backup
    expect(backup.scheduled).toBe(true)
    expect(backup.last?.result).toBe('ok')
  })
})

describe('a scheduled backup that fails', () => {
  let t: TestApp
  beforeAll(async () => {
    // A folder that cannot be made: its parent is a file.
    const blocker = path.join(work, 'not-a-folder')
    writeFileSync(blocker, 'x')
    t = await createTestApp({
      env: { BACKUP_SCHEDULE: 'daily', BACKUP_DIR: path.join(blocker, 'backups') },
    })
  })
  afterAll(() => t.close())

  it('is logged, recorded and shown, never silent', async () => {
    const logged = vi.spyOn(t.services.logger, 'error')
    const [a] = twoSchedulers(t)
    await a.tick()
    await a.stop()
    expect(logged).toHaveBeenCalledWith(
      'backup failed',
      expect.objectContaining({ error: expect.stringContaining('ENOTDIR') }),
    )
    const { cookie } = await t.signedIn('admin')
    const list = (await t.request('/_api/admin/backups', { cookie })).json as unknown as BackupsBody
    expect(list.backups).toHaveLength(1)
    expect(list.backups[0]).toMatchObject({ result: 'failed', bytes: null })
    expect(list.backups[0]!.error).toContain('ENOTDIR')
    const stats = await t.request('/_api/admin/stats', { cookie })
    expect((stats.json as { backup: { last: { result: string } } }).backup.last.result).toBe(
      'failed',
    )
  })
})

describe('Export site', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ clock })
    // More than the stream's buffers hold: an export nobody reads waits half-way.
    await t.services.storage.put('header-images/big.bin', randomBytes(4 << 20), 'image/webp')
  })
  afterAll(() => t.close())

  it('is for admins only, on both endpoints', async () => {
    const member = await t.signedIn('user')
    for (const url of ['/_api/admin/export', '/_api/admin/backups']) {
      expect((await t.request(url)).status).toBe(401)
      expect((await t.request(url, { cookie: member.cookie })).status).toBe(403)
    }
  })

  it('streams an archive that verifies and restores, as npm run backup writes it', async () => {
    const { cookie } = await t.signedIn('admin')
    const res = await rawGet(t, '/_api/admin/export', cookie)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/gzip')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="site-backup-\d{4}-\d{2}-\d{2}\.tar\.gz"$/,
    )
    const file = path.join(work, 'export.tar.gz')
    await saveBody(res, file)
    const manifest = await verifyArchive(file)
    expect(manifest.engine).toBe(t.config.database.dialect)

    const target = mkdtempSync(path.join(work, 'restored-'))
    const db = createDatabase({ dialect: 'sqlite', file: path.join(target, 'site.db') })
    try {
      const summary = await restoreBackup(file, { db, storage: createDiskStorage(target) })
      const users = summary.tables.find((x) => x.name === 'users')
      expect(users?.rows).toBeGreaterThan(0)
    } finally {
      await db.destroy()
    }
  })

  it('refuses a second export while one runs (409), and a cancelled one stops and cleans up', async () => {
    const first = await t.signedIn('admin')
    const second = await t.signedIn('admin')
    const running = await rawGet(t, '/_api/admin/export', first.cookie)
    expect(running.status).toBe(200)
    const refused = await t.request('/_api/admin/export', { cookie: second.cookie })
    expect(refused.status).toBe(409)
    expect(refused.json.error).toBe(BACKUP_MESSAGES.busy)

    const reader = running.body!.getReader()
    await reader.read()
    await reader.cancel()
    const workRoot = path.join(t.config.dataDir, 'backup-work')
    let next = 409
    for (let i = 0; i < 100 && next === 409; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      if (readdirSync(workRoot).length) continue
      const res = await rawGet(t, '/_api/admin/export', second.cookie)
      next = res.status
      await res.body?.cancel()
    }
    expect(next).toBe(200)
  })

  it('allows each admin three exports an hour, then answers 429 with a message', async () => {
    const { cookie } = await t.signedIn('admin')
    for (let i = 0; i < 3; i++) {
      const res = await t.request('/_api/admin/export', { cookie })
      expect(res.status).toBe(200)
    }
    const limited = await t.request('/_api/admin/export', { cookie })
    expect(limited.status).toBe(429)
    expect(limited.json.error).toMatch(/exported the site 3 times this hour: try again in/)
    expect(limited.headers.get('retry-after')).toBeTruthy()
  })

  it('npm run restore records one restore entry in the restored database', async () => {
    const { cookie } = await t.signedIn('admin')
    clock.advance(2 * 60 * 60 * 1000)
    const file = path.join(work, 'for-cli.tar.gz')
    await saveBody(await rawGet(t, '/_api/admin/export', cookie), file)
    const dataDir = mkdtempSync(path.join(work, 'cli-'))
    const run = spawnSync(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', 'server/cli/restore.ts', file],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          SESSION_SECRET: 'x'.repeat(40),
          DATABASE_URL: '',
        },
        encoding: 'utf8',
      },
    )
    expect(run.status, run.stderr).toBe(0)
    const db = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'site.db') })
    try {
      const rows = await db
        .selectFrom('admin_activity')
        .selectAll()
        .where('kind', '=', 'restore')
        .execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ action: 'restore', admin_id: 0 })
      expect(rows[0]!.summary).toMatch(/^Restored the (sqlite|postgres) backup of /)
    } finally {
      await db.destroy()
    }
  })
})

describe('scheduled backups to the bucket (BACKUP_S3_PREFIX)', () => {
  let s3: TestS3Server
  let t: TestApp
  beforeAll(async () => {
    s3 = await startS3Server()
    t = await createTestApp({
      env: {
        STORAGE_URL: `s3://${s3.bucket}/site?endpoint=${s3.endpoint}&region=us-east-1`,
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        BACKUP_SCHEDULE: 'daily',
        BACKUP_KEEP: '1',
        BACKUP_S3_PREFIX: 'site-backups',
      },
      clock,
    })
  })
  afterAll(async () => {
    await t?.close()
    await s3?.stop()
  })

  it('uploads a verifiable archive outside the uploads and keeps only BACKUP_KEEP', async () => {
    const [a] = twoSchedulers(t)
    await a.tick()
    clock.advance(DAY)
    await a.tick()
    await a.stop()
    const { cookie } = await t.signedIn('admin')
    const list = (await t.request('/_api/admin/backups', { cookie })).json as unknown as BackupsBody
    expect(list.schedule.location).toBe(`s3://${s3.bucket}/site-backups`)
    expect(list.backups.map((r) => r.result)).toEqual(['ok'])
    const store = createS3Storage({
      bucket: s3.bucket,
      prefix: 'site-backups',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
      publicBaseUrl: undefined,
    })
    try {
      const keys: string[] = []
      for await (const key of store.list()) keys.push(key)
      expect(keys).toHaveLength(1)
      const object = await store.open(keys[0]!)
      const file = path.join(work, 's3.tar.gz')
      await pipeline(object!.body, createWriteStream(file))
      await verifyArchive(file)
    } finally {
      store.close()
    }
  })
})
