import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { gunzipSync, gzipSync } from 'node:zlib'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import tar from 'tar-stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { writeBackup } from '../../server/backup/backup.ts'
import type { BackupManifest } from '../../server/backup/manifest.ts'
import { restoreBackup, verifyArchive } from '../../server/backup/restore.ts'
import type { Config } from '../../server/config.ts'
import { createDatabase, type Database } from '../../server/db/dialect.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { seedIfEmpty } from '../../server/services/seed.ts'
import { systemClock } from '../../server/shared/clock.ts'
import { createLogger } from '../../server/shared/logger.ts'
import { createDiskStorage, type Storage } from '../../server/storage/storage.ts'
import { createTestApp, ENGINE, type Engine, type TestApp, testClock } from '../support/test-app.ts'

const work = mkdtempSync(path.join(tmpdir(), 'backup-test-'))
const opened: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const close of opened.reverse()) await close()
  rmSync(work, { recursive: true, force: true })
})

interface Site {
  db: Database
  database: Config['database']
  storage: Storage
}

/** An empty site to restore into: a new folder and a new SQLite file or PostgreSQL database. */
async function emptySite(engine: Engine): Promise<Site> {
  const dataDir = mkdtempSync(path.join(work, 'site-'))
  let database: Config['database'] = { dialect: 'sqlite', file: path.join(dataDir, 'site.db') }
  if (engine === 'postgres') {
    const adminUrl = inject('postgresUrl')
    const name = `t_${randomBytes(6).toString('hex')}`
    const admin = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
    })
    await sql.raw(`create database ${name}`).execute(admin)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    database = { dialect: 'postgres', url: url.toString() }
    opened.push(async () => {
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin)
      await admin.destroy()
    })
  }
  const db = createDatabase(database)
  opened.push(() => db.destroy())
  return { db, database, storage: createDiskStorage(dataDir) }
}

async function backup(site: Site): Promise<{ file: string; manifest: BackupManifest }> {
  const file = path.join(work, `${randomBytes(4).toString('hex')}.tar.gz`)
  const manifest = await writeBackup(site, createWriteStream(file))
  return { file, manifest }
}

/** What must survive a round trip: each table's rows (count and hash) and each file's bytes. */
const contentOf = (manifest: BackupManifest) => ({
  tables: manifest.tables.map((t) => ({ name: t.name, rows: t.rows, sha256: t.sha256 })),
  files: manifest.files.map((f) => ({ key: f.key, bytes: f.bytes, sha256: f.sha256 })),
})

async function integrity(db: Database): Promise<string> {
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)
  return rows.map((r) => r.integrity_check).join('\n')
}

/** The archive rewritten entry by entry: `change` answers new bytes, or null to leave one out. */
async function rewrite(
  file: string,
  change: (name: string, data: Buffer) => Buffer | null,
  add: Array<{ name: string; data: Buffer }> = [],
): Promise<string> {
  const pack = tar.pack()
  const packed = (async () => {
    const chunks: Buffer[] = []
    for await (const chunk of pack) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  })()
  const extract = tar.extract()
  Readable.from([gunzipSync(readFileSync(file))]).pipe(extract as never)
  for await (const entry of extract) {
    const chunks: Buffer[] = []
    for await (const chunk of entry) chunks.push(chunk as Buffer)
    const data = change(entry.header.name, Buffer.concat(chunks))
    if (data) pack.entry({ name: entry.header.name }, data)
  }
  for (const { name, data } of add) pack.entry({ name }, data)
  pack.finalize()
  const out = `${file}.${randomBytes(3).toString('hex')}.tar.gz`
  writeFileSync(out, gzipSync(await packed))
  return out
}

describe(`backup while 20 clients write (${ENGINE})`, () => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    // The site's own clock: a frozen one would give every post the same millisecond.
    t = await createTestApp({ clock: systemClock })
    admin = (await t.signedIn('admin')).cookie
    await t.services.storage.put('avatars/1-ab12.webp', randomBytes(3000), 'image/webp')
    await t.services.storage.putStream(
      'private/resources/star-chart.pdf',
      Readable.from([randomBytes(200_000)]),
      'application/pdf',
    )
  })
  afterAll(() => t?.close())

  it('restores into an empty target with every acknowledged row, and refuses a non-empty one', async () => {
    const acknowledged: Array<{ kind: 'post' | 'faq' | 'contact'; key: string }> = []
    const failures: string[] = []
    let writing = true
    const client = async (c: number) => {
      for (let n = 0; writing; n++) {
        // In this process a request can complete in microtasks alone: let timers and I/O run.
        await new Promise((resolve) => setImmediate(resolve))
        const kind = (['post', 'faq', 'contact'] as const)[(c + n) % 3]!
        const label = `client ${c} write ${n}`
        const res =
          kind === 'post'
            ? await t.request('/_api/blog/create', {
                json: { title: `Backup ${label}`, content: '<p>Seeing tonight.</p>' },
                cookie: admin,
              })
            : kind === 'faq'
              ? await t.request('/_api/faqs/create', {
                  json: { title: `Backup ${label}?`, content: '<p>Yes.</p>' },
                  cookie: admin,
                })
              : await t.request('/_api/contact/submit', {
                  json: {
                    name: 'Ada Stargazer',
                    email: 'ada@example.com',
                    subject: `Backup ${label}`,
                    message: 'Which eyepiece for Saturn tonight?',
                  },
                  ip: `10.${c}.${n >> 8}.${n & 255}`,
                })
        if (res.status !== 200) failures.push(`${kind}: ${res.status} ${res.text}`)
        else acknowledged.push({ kind, key: kind === 'contact' ? label : String(res.json.id) })
      }
    }
    const clients = Array.from({ length: 20 }, (_, c) => client(c))
    const deadline = Date.now() + 10_000
    while (acknowledged.length < 60 && !failures.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10))
    const before = [...acknowledged]
    const taken = await backup({
      db: t.db,
      database: t.config.database,
      storage: t.services.storage,
    })
    writing = false
    await Promise.all(clients)
    expect(failures).toEqual([])
    expect(acknowledged.length).toBeGreaterThan(before.length)

    const target = await emptySite(ENGINE)
    const summary = await restoreBackup(taken.file, target)
    if (ENGINE === 'sqlite') expect(await integrity(target.db)).toBe('ok')
    const posts = new Set(
      (await sql<{ id: string }>`select id from blog_posts`.execute(target.db)).rows.map(
        (r) => r.id,
      ),
    )
    const faqs = new Set(
      (await sql<{ id: number }>`select id from faqs`.execute(target.db)).rows.map((r) =>
        String(r.id),
      ),
    )
    const contacts = new Set(
      (
        await sql<{ subject: string }>`select subject from contact_messages`.execute(target.db)
      ).rows.map((r) => r.subject.replace(/^Backup /, '')),
    )
    const missing = before.filter(
      ({ kind, key }) => !{ post: posts, faq: faqs, contact: contacts }[kind].has(key),
    )
    expect(missing).toEqual([])
    expect(summary.tables.find((r) => r.name === 'blog_posts')?.rows).toBe(posts.size)
    expect(summary.files).toBe(2)
    // The restored posts are found by search: the index is rebuilt from them.
    expect(summary.postsIndexed).toBe(posts.size)
    const restoredChart = await target.storage.get('private/resources/star-chart.pdf')
    const originalChart = await t.services.storage.get('private/resources/star-chart.pdf')
    expect(restoredChart!.bytes.equals(originalChart!.bytes)).toBe(true)
    // A backup of the restored site holds the same rows and files.
    expect(contentOf((await backup(target)).manifest)).toEqual(contentOf(taken.manifest))

    // The target now holds rows: a second restore is refused unless forced.
    await expect(restoreBackup(taken.file, target)).rejects.toThrow(
      /^The database is not empty \(.*\): restore into an empty one, or pass --force/,
    )
    const forced = await restoreBackup(taken.file, { ...target, force: true })
    expect(forced.tables).toEqual(summary.tables)
  }, 60_000)

  it('refuses a damaged archive, naming the entry, before writing anything', async () => {
    const { file, manifest } = await backup({
      db: t.db,
      database: t.config.database,
      storage: t.services.storage,
    })
    const target = await emptySite(ENGINE)
    const flipped = rewrite(file, (name, data) => {
      if (name !== 'tables/users.jsonl') return data
      const copy = Buffer.from(data)
      copy[Math.floor(copy.length / 2)]! ^= 0x01
      return copy
    })
    await expect(restoreBackup(await flipped, target)).rejects.toThrow(
      'tables/users.jsonl: SHA-256 mismatch (the archive is damaged)',
    )
    const dropped = rewrite(file, (name, data) =>
      name === 'files/avatars/1-ab12.webp' ? null : data,
    )
    await expect(restoreBackup(await dropped, target)).rejects.toThrow(
      'files/avatars/1-ab12.webp: missing from the archive',
    )
    const extra = rewrite(file, (_, data) => data, [
      { name: 'files/avatars/9-zz.webp', data: Buffer.from('not backed up') },
    ])
    await expect(restoreBackup(await extra, target)).rejects.toThrow(
      'files/avatars/9-zz.webp: in the archive but not in its manifest',
    )
    const future = rewrite(file, (name, data) =>
      name === 'manifest.json'
        ? Buffer.from(
            JSON.stringify({ ...manifest, migrationLevel: '20991231000000_from_the_future' }),
          )
        : data,
    )
    await expect(restoreBackup(await future, target)).rejects.toThrow(
      /^The backup's schema \(20991231000000_from_the_future\) is newer than this version/,
    )
    const unchanged = rewrite(file, (_, data) => data)
    expect(contentOf(await verifyArchive(await unchanged))).toEqual(contentOf(manifest))
    // Nothing was written: the target has no tables yet and no files.
    expect(
      (await sql`select 1 from kysely_migration`.execute(target.db).catch(() => null))?.rows,
    ).toBeUndefined()
    for await (const key of target.storage.list()) throw new Error(`unexpected file ${key}`)
  })

  it('npm run restore exits 1 with one line naming what is wrong', async () => {
    const { file } = await backup({
      db: t.db,
      database: t.config.database,
      storage: t.services.storage,
    })
    const damaged = await rewrite(file, (name, data) =>
      name === 'tables/faqs.jsonl' ? Buffer.concat([data, Buffer.from('{}\n')]) : data,
    )
    const run = spawnSync(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', 'server/cli/restore.ts', damaged],
      {
        env: {
          ...process.env,
          DATA_DIR: mkdtempSync(path.join(work, 'cli-')),
          SESSION_SECRET: 'x'.repeat(40),
          DATABASE_URL: '',
        },
        encoding: 'utf8',
      },
    )
    expect(run.status).toBe(1)
    expect(run.stderr).toBe('tables/faqs.jsonl: SHA-256 mismatch (the archive is damaged)\n')
  })
})

// Through the lane's engine: SQLite → PostgreSQL → SQLite in the PostgreSQL lane, and SQLite →
// SQLite → SQLite in the SQLite lane (no test is skipped in either).
describe(`SQLite → ${ENGINE === 'postgres' ? 'PostgreSQL' : 'SQLite'} → SQLite`, () => {
  it('keeps every row of every table and every file byte for byte', async () => {
    const source = await emptySite('sqlite')
    await migrateToLatest(source.db)
    const clock = testClock()
    await seedIfEmpty(
      source.db,
      clock,
      { adminEmail: 'admin@example.com', adminPassword: 'correct horse battery' },
      createLogger('silent'),
    )
    // The values each engine stores its own way: integers past 2^53 and past 2^31, doubles,
    // 0/1 flags, text beyond the basic plane, nulls.
    const now = clock.now().toISOString()
    await sql`insert into invoices (invoice_number, client_name, client_email, invoice_date,
        due_date, tax_rate, currency, status, subtotal_minor, tax_minor, total_minor, created_at,
        updated_at)
      values ('INV-2026-0001', 'Ōsaka Observatory 🌌', 'o@example.com', '2026-11-01', '2026-12-01',
        '8.25', 'JPY', 'sent', ${2n ** 60n + 1n}, ${3_000_000_000}, ${2n ** 60n + 3_000_000_001n},
        ${now}, ${now})`.execute(source.db)
    await sql`insert into user_home_places (user_id, home_place_name, home_lat, home_lon, updated_at)
      select id, 'Mauna Kea', 19.820611, -155.468094, ${now} from users`.execute(source.db)
    await sql`insert into newsletter_subscriptions (email, user_id, token_key, posts, digest,
        alerts, confirmed_at, created_at, updated_at)
      values ('sky@example.com', null, 'k1', 1, 0, 1, null, ${now}, ${now})`.execute(source.db)
    await source.storage.put('header-images/m31-960.webp', randomBytes(5000), 'image/webp')
    await source.storage.putStream(
      'private/resources/atlas.pdf',
      Readable.from([randomBytes(300_000)]),
      'application/pdf',
    )

    const first = await backup(source)
    const middle = await emptySite(ENGINE)
    await restoreBackup(first.file, middle)
    const second = await backup(middle)
    expect(second.manifest.engine).toBe(ENGINE)
    const back = await emptySite('sqlite')
    await restoreBackup(second.file, back)
    expect(await integrity(back.db)).toBe('ok')
    const third = await backup(back)

    expect(contentOf(second.manifest)).toEqual(contentOf(first.manifest))
    expect(contentOf(third.manifest)).toEqual(contentOf(first.manifest))
    expect(first.manifest.tables.find((t) => t.name === 'invoices')?.rows).toBe(1)
    if (ENGINE === 'postgres') {
      const [invoice] = (
        await sql<{ total_minor: unknown }>`select total_minor from invoices`.execute(middle.db)
      ).rows
      expect(String(invoice!.total_minor)).toBe(String(2n ** 60n + 3_000_000_001n))
    }
    // A new row after the restore gets a fresh id (the identity sequence was moved past the rows).
    const created = await sql<{
      id: number
    }>`insert into faqs (title, content, position, created_at)
      values ('New?', 'Yes.', 99, ${now}) returning id`.execute(middle.db)
    expect(created.rows[0]!.id).toBeGreaterThan(
      first.manifest.tables.find((t) => t.name === 'faqs')!.rows,
    )
  })
})
