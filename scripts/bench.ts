import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadConfig } from '../server/config.ts'
import { createDatabase } from '../server/db/dialect.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { SEED_POSTS } from '../server/db/seed-data.ts'
import { insertUser } from '../server/db/users.ts'
import { createLogger } from '../server/shared/logger.ts'
import { createServices } from '../server/services/index.ts'

/**
 * npm run bench: the production build, started as `npm start` starts it, against throwaway SQLite
 * databases of realistic posts, loaded at 10 connections from this process. Prints req/s, p50/p99
 * latency, the server's own time (Server-Timing), its CPU time per request (steadier than req/s on
 * a shared machine) and its memory. BENCH_DATA_DIR keeps the seeded databases between runs.
 */
const CONNECTIONS = 10
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 2000)
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8000)
const SEARCH_WORD = 'collimation'

function open(dir: string) {
  const config = loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'b'.repeat(40), LOG_LEVEL: 'silent' })
  const db = createDatabase(config.database)
  return { db, services: createServices({ config, db, logger: createLogger('silent') }) }
}

/** The slug of the newest published post: the post page the benchmark loads. */
async function newestSlug(dir: string): Promise<string> {
  const { db, services } = open(dir)
  const sample = await services.blog.list({ page: 1, limit: 1, status: 'published' }, null)
  await db.destroy()
  return sample.posts[0]!.slug
}

async function seedDatabase(dir: string, count: number): Promise<string> {
  const { db, services } = open(dir)
  await migrateToLatest(db)
  const now = new Date().toISOString()
  const author = await insertUser(db, {
    email: 'bench@example.com',
    display_name: 'Bench',
    role: 'admin',
    avatar_url: null,
    password_hash: null,
    created_at: now,
    updated_at: now,
  })
  const sessionUser = {
    id: author.id,
    email: author.email,
    displayName: 'Bench',
    role: 'admin',
    avatarUrl: null,
    createdAt: now,
  }
  const templates = SEED_POSTS.filter((p) => p.content.length > 2000)
  const start = Date.UTC(2019, 0, 1)
  for (let i = 0; i < count; i++) {
    const t = templates[i % templates.length]!
    // Every 50th post mentions the search word in its body only.
    const extra = i % 50 === 0 ? `<p>Notes on ${SEARCH_WORD} after the session.</p>` : ''
    await services.blog.create(
      {
        title: `${t.title} (${i + 1})`,
        content: t.content + extra,
        status: 'published',
        excerpt: t.excerpt,
        featuredImageUrl: null,
        tags: t.tags,
        publishedAt: new Date(start + i * 3_600_000 * 6).toISOString(),
        slug: null,
      },
      sessionUser,
    )
  }
  await db.destroy()
  return newestSlug(dir)
}

/** Node's flags and the entry point of `npm start`, so the benchmark measures what is deployed. */
function startArguments(): string[] {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
  const command = pkg.scripts.start.split(/\s+/)
  return command.slice(command.indexOf('node') + 1).filter((a) => !a.startsWith('--env-file'))
}

async function startServer(
  dataDir: string,
  port: number,
): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, startArguments(), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      ADMIN_PASSWORD: 'bench-password-1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get(`http://127.0.0.1:${port}/healthz`, (res) => resolve(res.statusCode === 200))
        .on('error', () => resolve(false))
    })
    if (ok) break
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    port,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0)
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) }
}

interface Result {
  path: string
  rps: number
  p50: number
  p99: number
  server50: number
  cpuPerRequest: number
  errors: number
}

/** CPU time (user + system) the process has used, in milliseconds. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

async function load(server: { port: number; pid: number }, urlPath: string): Promise<Result> {
  const { port, pid } = server
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const latencies: number[] = []
  const serverTimes: number[] = []
  let errors = 0
  let recording = false
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now()
      http
        .get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
          res.resume()
          res.on('end', () => {
            if (recording) {
              latencies.push(performance.now() - t0)
              const st = /dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))
              if (st) serverTimes.push(Number(st[1]))
              if (res.statusCode !== 200) errors++
            }
            resolve()
          })
        })
        .on('error', () => {
          errors++
          resolve()
        })
    })
  const run = async (until: number) => {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) await once()
      }),
    )
  }
  await run(performance.now() + WARMUP_MS)
  recording = true
  const cpu0 = cpuMs(pid)
  const t0 = performance.now()
  await run(t0 + DURATION_MS)
  const elapsed = (performance.now() - t0) / 1000
  const cpuPerRequest = (cpuMs(pid) - cpu0) / Math.max(1, latencies.length)
  agent.destroy()
  const pct = (xs: number[], p: number) => {
    const sorted = [...xs].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
  }
  return {
    path: urlPath,
    rps: latencies.length / elapsed,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    server50: pct(serverTimes, 50),
    cpuPerRequest,
    errors,
  }
}

function print(rows: Result[]) {
  const width = Math.max(...rows.map((r) => r.path.length)) + 2
  const pad = (v: string, n: number) => v.padEnd(n)
  console.log(
    pad('path', width) +
      pad('req/s', 9) +
      pad('p50 ms', 9) +
      pad('p99 ms', 9) +
      pad('server p50', 12) +
      pad('cpu ms/req', 12) +
      'errors',
  )
  for (const r of rows) {
    console.log(
      pad(r.path, width) +
        pad(r.rps.toFixed(0), 9) +
        pad(r.p50.toFixed(2), 9) +
        pad(r.p99.toFixed(2), 9) +
        pad(r.server50.toFixed(2), 12) +
        pad(r.cpuPerRequest.toFixed(2), 12) +
        r.errors,
    )
  }
}

// BENCH_DATA_DIR keeps the seeded databases between runs (seeded on the first run into it).
const keep = process.env.BENCH_DATA_DIR
const root = keep ?? mkdtempSync(path.join(tmpdir(), 'bench-'))
try {
  const small = path.join(root, 'small')
  const large = path.join(root, 'large')
  // Written once both databases are complete, so a run stopped while seeding seeds again.
  const marker = path.join(root, 'seeded')
  const seeded = keep !== undefined && existsSync(marker)
  if (!seeded) {
    console.log('seeding 1,000 posts and 10,000 posts (a minute or two)…')
    for (const dir of [small, large]) rmSync(dir, { recursive: true, force: true })
  }
  const postSlug = seeded ? await newestSlug(small) : await seedDatabase(small, 1000)
  if (!seeded) {
    await seedDatabase(large, 10_000)
    writeFileSync(marker, new Date().toISOString())
  }

  const pageServer = await startServer(small, 3301)
  const pageResults: Result[] = []
  for (const p of ['/blog', '/blog?page=50', `/blog/${postSlug}`, '/_api/blog/list'])
    pageResults.push(await load(pageServer, p))
  const pageMemory = memoryMb(pageServer.pid)
  await pageServer.stop()

  const searchServer = await startServer(large, 3302)
  const searchResults = [
    await load(searchServer, `/_api/blog/list?search=${SEARCH_WORD}`),
    await load(searchServer, '/_api/blog/list?search=moon%20telescope'),
  ]
  const searchMemory = memoryMb(searchServer.pid)
  await searchServer.stop()

  console.log(`\n1,000 posts, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s each`)
  print(pageResults)
  console.log(`server memory: ${pageMemory.rss} MB RSS after the runs, ${pageMemory.peak} MB peak`)
  console.log(`\n10,000 posts, search through the full-text index`)
  print(searchResults)
  console.log(
    `server memory: ${searchMemory.rss} MB RSS after the runs, ${searchMemory.peak} MB peak`,
  )
} finally {
  if (!keep) rmSync(root, { recursive: true, force: true })
}
