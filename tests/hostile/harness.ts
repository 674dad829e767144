import { randomBytes } from 'node:crypto'
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { createFakeUpstreams } from '../fakes/upstreams.ts'
import type { FakeHandler } from '../fakes/server.ts'
import { dropDatabaseWhenFree, freePort } from '../support/postgres.ts'
import { type RunningServer, startServer } from '../../scripts/start-server.ts'

/**
 * The hostile lane: the production server (`npm start`'s flags, the bundled build) on SQLite and
 * on PostgreSQL, attacked with the request patterns that once took it down. Every attack is
 * bounded in count and time and judged the same way: the same process still answers /healthz,
 * nothing answered a 5xx but a deliberate 503 with Retry-After, and the peak resident memory
 * stays under MEMORY_LIMIT_MB.
 */
export const ENGINES = ['sqlite', 'postgres'] as const
export type Engine = (typeof ENGINES)[number]

export const MEMORY_LIMIT_MB = 350
export { CONTENT_MAX_LENGTH, FAQ_CONTENT_MAX_LENGTH } from '../../contracts/blog-constants.ts'

export const ADMIN = { email: 'admin@hostile.example.org', password: 'hostile-admin-password-1' }
export const LOGIN_PATH = '/_api/auth/login_with_password'

/** The visitor whose experience an attack must not spoil, and who watches /healthz. */
export const VISITOR = '127.0.0.1'

let nextAddress = 0
/**
 * A loopback address no request of this run has used yet (127.0.1.1, 127.0.1.2, …): each sign-in
 * and each group of attackers is its own client, so per-address limits meet what they would meet
 * in life.
 */
export function freshAddress(): string {
  nextAddress += 1
  return `127.0.${1 + Math.floor(nextAddress / 250)}.${1 + (nextAddress % 250)}`
}

export interface Reply {
  /** The HTTP status, or 0 when no answer came (see `error`). */
  status: number
  /** ECONNRESET, EPIPE, ECONNREFUSED, TIMEOUT, …: why no answer came. */
  error?: string
  headers: http.IncomingHttpHeaders
  body: Buffer
  ms: number
  /** The body, decompressed as its Content-Encoding says. */
  text(): string
  json<T = Record<string, unknown>>(): T
}

export interface SendOptions {
  method?: string
  headers?: Record<string, string>
  json?: unknown
  body?: Buffer | string
  cookie?: string
  from?: string
  timeoutMs?: number
  /** Keep the body (default); false reads and drops it, for floods of large answers. */
  keepBody?: boolean
}

/** One request on its own connection (no agent: nothing stays open between requests). */
export function send(port: number, pathname: string, options: SendOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers }
  let body = options.body
  if (options.json !== undefined) {
    body = JSON.stringify(options.json)
    headers['content-type'] ??= 'application/json'
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body))
  if (options.cookie) headers.cookie = options.cookie
  const started = performance.now()
  return new Promise((resolve) => {
    let settled = false
    const finish = (reply: Omit<Reply, 'ms' | 'text' | 'json'>) => {
      if (settled) return
      settled = true
      const decoded = () => decode(reply.body, reply.headers['content-encoding'])
      resolve({
        ...reply,
        ms: performance.now() - started,
        text: () => decoded().toString('utf8'),
        json: <T>() => JSON.parse(decoded().toString('utf8')) as T,
      })
    }
    const failed = (error: string) =>
      finish({ status: 0, error, headers: {}, body: Buffer.alloc(0) })
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        localAddress: options.from ?? VISITOR,
        agent: false,
        timeout: options.timeoutMs ?? 60_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => {
          if (options.keepBody !== false) chunks.push(chunk)
        })
        res.on('error', (error: NodeJS.ErrnoException) => failed(error.code ?? 'ERROR'))
        res.on('end', () =>
          finish({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        )
      },
    )
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })))
    req.on('error', (error: NodeJS.ErrnoException) => failed(error.code ?? 'ERROR'))
    req.end(body)
  })
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body)
  if (encoding === 'gzip') return gunzipSync(body)
  return body
}

/** How an outcome is counted: `200`, `503+RA` (a 503 with Retry-After), `503`, `ECONNRESET`, … */
export function outcomeKey(reply: Pick<Reply, 'status' | 'error' | 'headers'>): string {
  if (reply.status === 0) return reply.error ?? 'ERROR'
  if (reply.status === 503 && reply.headers['retry-after']) return '503+RA'
  return String(reply.status)
}

/** A 5xx that is not a deliberate "busy, come back in a moment" answer. */
function isServerFailure(key: string): boolean {
  return /^5\d\d$/.test(key)
}

export interface Site {
  engine: Engine
  port: number
  process: RunningServer
  /** A signed-in admin's Cookie header (the first start's admin, signed in once). */
  adminCookie(): Promise<string>
  send(pathname: string, options?: SendOptions): Promise<Reply>
  /** An admin call that must succeed: its JSON answer. */
  admin<T = Record<string, unknown>>(pathname: string, json: unknown): Promise<T>
}

/** Where each engine keeps its data: a fresh DATA_DIR, and on PostgreSQL a fresh database. */
interface Storage {
  env: Record<string, string>
  dispose(): Promise<void>
}

async function freshStorage(engine: Engine): Promise<Storage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `hostile-${engine}-`))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  if (engine === 'sqlite') return { env: { DATA_DIR: dataDir }, dispose: async () => removeDir() }
  const name = `hostile_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: inject('postgresUrl') })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(inject('postgresUrl'))
  url.pathname = `/${name}`
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async dispose() {
      // The server has stopped; its pool's connections may take a moment to go.
      await dropDatabaseWhenFree(admin, name)
      await admin.end()
      removeDir()
    },
  }
}

/**
 * Every upstream faked on loopback for the tests of a file, started before the first and closed
 * after the last; `replace` gives handlers that stand in for some of the fakes'. The site's
 * environment points at them: `env()`.
 */
export function fakeUpstreams(
  replace: (
    fakes: ReturnType<typeof createFakeUpstreams>,
  ) => Record<string, FakeHandler> = () => ({}),
) {
  let running: Awaited<ReturnType<ReturnType<typeof createFakeUpstreams>['start']>> | undefined
  beforeAll(async () => {
    const fakes = createFakeUpstreams()
    running = await fakes.start(0, replace(fakes))
  })
  afterAll(async () => {
    if (!running) return
    running.server.closeAllConnections()
    await new Promise<void>((resolve) => running!.server.close(() => resolve()))
  })
  return { env: () => running!.env }
}

/**
 * One production server for the engine, shared by the tests of a describe block: started before
 * the first, stopped after the last. `site()` starts it again (on the same data) when an earlier
 * attack took it down, so each attack is judged on its own.
 */
export function productionSite(engine: Engine, env: () => Record<string, string> = () => ({})) {
  let storage: Storage | undefined
  let current: Site | undefined
  let cookie: Promise<string> | undefined

  async function start(): Promise<Site> {
    const port = await freePort()
    const child = await startServer({
      port,
      env: {
        ...storage!.env,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SESSION_SECRET: 'hostile-lane-session-secret-0123456789abcdef',
        ...env(),
      },
    }).catch((error: Error) => {
      throw new Error(`the ${engine} server did not start: ${error.message}`)
    })
    cookie = undefined
    const sendTo = (pathname: string, options?: SendOptions) => send(port, pathname, options)
    const site: Site = {
      engine,
      port,
      process: child,
      adminCookie: () => (cookie ??= signIn(port, ADMIN)),
      send: sendTo,
      async admin<T>(pathname: string, json: unknown) {
        const res = await sendTo(pathname, { json, cookie: await site.adminCookie() })
        expect(res.status, `${pathname}: ${res.error ?? res.text().slice(0, 300)}`).toBeLessThan(
          300,
        )
        return res.json<T>()
      },
    }
    return site
  }

  beforeAll(async () => {
    storage = await freshStorage(engine)
  })
  afterAll(async () => {
    await current?.process.stop()
    await storage?.dispose()
  })

  return async function site(): Promise<Site> {
    if (current && current.process.exitCode === null) return current
    if (current) console.log(`[hostile] ${engine}: the server had exited; starting it again`)
    current = await start()
    return current
  }
}

/** Signs in from an address of its own (sign-ins are counted per address): the Cookie header. */
export async function signIn(
  port: number,
  account: { email: string; password: string },
): Promise<string> {
  const res = await send(port, LOGIN_PATH, { json: account, from: freshAddress() })
  expect(res.status, `sign-in of ${account.email}: ${res.error ?? res.text()}`).toBe(200)
  const session = (res.headers['set-cookie'] ?? []).find((c) => /^(__Host-)?session=/.test(c))
  expect(session, 'a session cookie').toBeDefined()
  return session!.split(';')[0]!
}

/** What an attack saw: outcomes by key, and the process's figures. */
export interface AttackReport {
  statuses: Record<string, number>
  health: Record<string, number>
  peakRssMb: number
  ms: number
}

export interface Recorder {
  /** Counts a reply's outcome (see outcomeKey) and hands the reply back. */
  (reply: Reply): Reply
  /** Counts an outcome that is not an HTTP reply (a socket closed, a socket still open). */
  count(key: string): void
}

/** Resets the process's peak resident memory to what it holds now (Linux: clear_refs 5). */
function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
  } catch {
    // Without it the peak is the process's whole life, which only makes the check stricter.
  }
}

/** The process that listens on 127.0.0.1:port, from /proc/net/tcp and the processes' sockets. */
function listenerOwnedBy(pid: number, port: number): boolean {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0')
  const inodes = new Set<string>()
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/)
    // local_address 0100007F:PORT, state 0A (LISTEN), inode in the tenth column.
    if (fields[1]?.endsWith(`:${portHex}`) && fields[3] === '0A') inodes.add(fields[9]!)
  }
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let target = ''
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`)
    } catch {
      continue
    }
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1]
    if (inode && inodes.has(inode)) return true
  }
  return false
}

function histogramOf(map: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)))
}

/**
 * Runs `attack` against the site while /healthz is asked every 100 ms, then judges it: the same
 * process (PID) is running and its listener answers /healthz 200, no reply was a 5xx other than
 * 503 with Retry-After, and peak resident memory stayed at most MEMORY_LIMIT_MB. Prints one line:
 * engine, attack, outcomes, peak RSS, duration.
 */
export async function runAttack(
  site: Site,
  name: string,
  attack: (record: Recorder) => Promise<void>,
  options: { maxMs?: number; figures?: () => string } = {},
): Promise<AttackReport> {
  const { pid } = site.process
  const maxMs = options.maxMs ?? 120_000
  const statuses = new Map<string, number>()
  const health = new Map<string, number>()
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1)
  const record = Object.assign(
    (reply: Reply) => {
      bump(statuses, outcomeKey(reply))
      return reply
    },
    { count: (key: string) => bump(statuses, key) },
  ) as Recorder

  resetPeakRss(pid)
  let attacking = true
  const watcher = (async () => {
    while (attacking) {
      const res = await send(site.port, '/healthz', { timeoutMs: 5000 })
      bump(health, outcomeKey(res))
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      attack(record),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${name}: the attack did not end within ${maxMs} ms`)),
          maxMs,
        )
      }),
    ])
  } finally {
    clearTimeout(timer)
    attacking = false
    await watcher
  }
  const ms = performance.now() - started
  const alive = site.process.exitCode === null
  // Once the attack is over the server answers again; a process that died never does.
  let after: Reply | undefined
  const patience = performance.now() + 15_000
  while (alive && after?.status !== 200 && performance.now() < patience) {
    if (after) await new Promise((r) => setTimeout(r, 200))
    after = await send(site.port, '/healthz', { timeoutMs: 2000 })
  }
  const peakRssMb = alive ? site.process.peakRssMb() : NaN
  const report: AttackReport = {
    statuses: histogramOf(statuses),
    health: histogramOf(health),
    peakRssMb,
    ms: Math.round(ms),
  }
  console.log(
    `[hostile] ${site.engine} | ${name} | statuses ${JSON.stringify(report.statuses)} | ` +
      `healthz ${JSON.stringify(report.health)} | peak RSS ${alive ? `${peakRssMb} MB` : 'exited'} | ` +
      `${(ms / 1000).toFixed(1)} s${options.figures ? ` | ${options.figures()}` : ''}`,
  )

  expect(
    site.process.exitCode,
    `${name}: the server exited during the attack\n${site.process.stderr.slice(-3000)}`,
  ).toBeNull()
  expect(after?.status, `${name}: /healthz after the attack`).toBe(200)
  expect(listenerOwnedBy(pid, site.port), `${name}: PID ${pid} still owns the listener`).toBe(true)
  const failures = [...Object.keys(report.statuses), ...Object.keys(report.health)].filter(
    isServerFailure,
  )
  expect(failures, `${name}: 5xx other than 503 with Retry-After`).toEqual([])
  expect(peakRssMb, `${name}: peak resident memory (MB)`).toBeLessThanOrEqual(MEMORY_LIMIT_MB)
  return report
}

/** Asserts every outcome of the report is one of `allowed` (keys as outcomeKey gives them). */
export function expectOutcomes(report: AttackReport, allowed: Array<string | number>): void {
  const ok = new Set(allowed.map(String))
  const unexpected = Object.fromEntries(Object.entries(report.statuses).filter(([k]) => !ok.has(k)))
  expect(unexpected, `outcomes other than ${[...ok].join(', ')}`).toEqual({})
}

/** `count` tasks, at most `parallel` at once, in order. */
export async function inParallel<T>(
  count: number,
  parallel: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array<T>(count)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) {
        const index = next++
        results[index] = await task(index)
      }
    }),
  )
  return results
}

/**
 * A large POST on its own connection from a fresh address, its body written by `write` (which
 * ends the request); answers the status and the body as text.
 */
export function postLarge(
  site: Site,
  options: {
    path: string
    cookie: string
    contentType: string
    length: number
    write: (req: http.ClientRequest, fail: (error: Error) => void) => void
  },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: site.port,
        path: options.path,
        method: 'POST',
        localAddress: freshAddress(),
        agent: false,
        headers: {
          cookie: options.cookie,
          'content-type': options.contentType,
          'content-length': String(options.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        )
      },
    )
    req.on('error', reject)
    options.write(req, reject)
  })
}

/** The server's resident memory now, as its /healthz reports it (MB). */
export async function rssMb(site: Site): Promise<number> {
  const health = (await send(site.port, '/healthz')).json<{ memory: { rssMb: number } }>()
  return health.memory.rssMb
}
