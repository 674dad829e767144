import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { inject } from 'vitest'
import type { SessionUser } from '../../contracts/auth.ts'
import type { Role } from '../../contracts/common-constants.ts'
import { type Config, loadConfig } from '../../server/config.ts'
import { createDatabase, type Database } from '../../server/db/dialect.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { createUser as createUserRow } from '../../server/seed/factories.ts'
import { createHttpApp } from '../../server/http/app.ts'
import { createLogger } from '../../server/shared/logger.ts'
import type { Clock } from '../../server/shared/clock.ts'
import { createServices } from '../../server/services/index.ts'
import { toSessionUser } from '../../server/services/users.ts'
import { testClock } from './clock.ts'

export type Engine = 'sqlite' | 'postgres'
export const ENGINE: Engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'

export { testClock }

async function freshDatabase(
  dataDir: string,
): Promise<{ target: Config['database']; drop(): Promise<void> }> {
  if (ENGINE === 'sqlite') {
    return {
      target: { dialect: 'sqlite', file: path.join(dataDir, 'test.db') },
      drop: async () => {},
    }
  }
  const adminUrl = inject('postgresUrl')
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
  })
  await sql.raw(`create database ${name}`).execute(admin)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    target: { dialect: 'postgres', url: url.toString() },
    async drop() {
      await sql.raw(`drop database if exists ${name}`).execute(admin)
      await admin.destroy()
    },
  }
}

export interface RequestOptions {
  method?: string
  json?: unknown
  body?: BodyInit
  headers?: Record<string, string>
  cookie?: string
  ip?: string
}

/**
 * One app per test file: its own database (a SQLite file, or a fresh PostgreSQL database), real
 * migrations, the real Hono app. Requests go through app.request() with a client address.
 */
export async function createTestApp(options: { env?: Record<string, string>; clock?: Clock } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-test-'))
  const database = await freshDatabase(dataDir)
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      ...options.env,
    }),
    database: database.target,
  }
  const db: Database = createDatabase(config.database)
  await migrateToLatest(db)
  const clock = options.clock ?? testClock()
  const services = createServices({ config, db, logger: createLogger('silent'), clock })
  const app = createHttpApp({ services })

  async function request(url: string, opts: RequestOptions = {}) {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.cookie) headers.cookie = opts.cookie
    let body = opts.body
    if (opts.json !== undefined) {
      headers['content-type'] ??= 'application/json'
      body = JSON.stringify(opts.json)
    }
    const method = opts.method ?? (body === undefined ? 'GET' : 'POST')
    const res = await app.request(`http://localhost${url}`, { method, headers, body }, {
      incoming: { socket: { remoteAddress: opts.ip ?? '203.0.113.7' } },
    } as never)
    const text = await res.text()
    let json: unknown = undefined
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON: left undefined, the text is still there
    }
    return {
      status: res.status,
      headers: res.headers,
      text,
      json: json as Record<string, unknown> & { error?: string },
    }
  }

  let userCount = 0
  async function createUser(
    fields: { role?: Role; email?: string; password?: string; displayName?: string } = {},
  ) {
    userCount += 1
    const password = fields.password ?? 'correct horse battery'
    const now = clock.now().toISOString()
    const row = await createUserRow(
      db,
      {
        email: fields.email ?? `user${userCount}-${randomBytes(3).toString('hex')}@example.com`,
        displayName: fields.displayName ?? `Test User ${userCount}`,
        role: fields.role,
        password,
      },
      now,
    )
    return { ...toSessionUser(row), password }
  }

  /** Signs in with a password and returns the cookie header to send with later requests. */
  async function login(user: { email: string; password: string }, ip?: string): Promise<string> {
    const res = await request('/_api/auth/login_with_password', {
      json: { email: user.email, password: user.password },
      ip,
    })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`)
    return cookieFrom(res.headers)
  }

  /**
   * A new account of the given role, signed in. Each sign-in comes from its own address, so a
   * test that needs many accounts does not run into the per-network login limit (20 in 15 min),
   * which the rate-limit tests exercise on purpose.
   */
  async function signedIn(
    role: 'user' | 'admin' = 'user',
  ): Promise<{ user: SessionUser & { password: string }; cookie: string }> {
    const user = await createUser({ role })
    return { user, cookie: await login(user, `10.77.${(userCount >> 8) & 255}.${userCount & 255}`) }
  }

  async function close() {
    await db.destroy()
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }

  return { app, db, services, config, clock, request, createUser, login, signedIn, close }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}
