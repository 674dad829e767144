import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadConfig } from '../server/config.ts'
import { createDatabase } from '../server/db/dialect.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { SEED_POSTS } from '../server/seed/content.ts'
import { createUser } from '../server/seed/factories.ts'
import { createLogger } from '../server/shared/logger.ts'
import { createServices } from '../server/services/index.ts'
import { type RunningServer, startServer } from './start-server.ts'

/**
 * npm run bench: the production build, started as `npm start` starts it, against throwaway SQLite
 * databases of 1,000 and 10,000 realistic posts (cached pages at 1,000; rendered pages, the JSON
 * list and search at both), loaded at 10 connections by wrk when it is installed (apt-get
 * install wrk; a client in this process cannot keep up with cached pages) or else from this
 * process. Browsers' `Accept-Encoding: br, gzip` on every request, and the cached post page also
 * for clients that take only gzip and for clients that send no Accept-Encoding. Prints req/s,
 * p50/p99 latency, the server's own time (Server-Timing, this process's client only, rendered
 * pages), its CPU time per request (steadier than req/s on a shared machine) and its memory; with
 * nginx installed, nginx serving the very bytes of the cached post page in each encoding as static
 * files (gzip_static for gzip and identity clients), right after the server for each kind of
 * client, and the ratios of req/s and of CPU per request (nginx's worker). BENCH_DATA_DIR keeps the
 * seeded databases between runs; BENCH_PORT moves the four servers' ports (3301–3304 by default)
 * and BENCH_CASES picks among cached, rendered, nginx and search (all by default).
 */
const CONNECTIONS = 10
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 2000)
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8000)
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3301)
const CASES = new Set(
  (process.env.BENCH_CASES ?? 'cached,rendered,nginx,search').split(',').map((c) => c.trim()),
)
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
  const author = await createUser(
    db,
    { email: 'bench@example.com', displayName: 'Bench', role: 'admin' },
    now,
  )
  const sessionUser = {
    id: author.id,
    email: author.email,
    displayName: 'Bench',
    role: author.role,
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

/** nginx while it runs: stopped when this process ends, also when a load or a probe throws. */
const running = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM')
})
// Ctrl-C ends the process through 'exit', so the servers stop with it.
process.once('SIGINT', () => process.exit(130))

/** The production server on the seeded data; a server that does not come up ends the run. */
function startBenchServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  return startServer({
    port,
    env: { DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password-1', ...env },
    echoStderr: true,
    // A first start after an upgrade may index 10,000 posts for search.
    timeoutMs: 120_000,
  })
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

const WRK = spawnSync('wrk', ['--version']).error ? null : 'wrk'
const ACCEPT_ENCODING = 'br, gzip'

/** The three kinds of client a cached page is sent to; null: no Accept-Encoding at all. */
const CLIENTS = [
  { name: 'br', acceptEncoding: ACCEPT_ENCODING, encoding: 'br' },
  { name: 'gzip', acceptEncoding: 'gzip', encoding: 'gzip' },
  { name: 'identity', acceptEncoding: null, encoding: null },
] as const
type Client = (typeof CLIENTS)[number]

interface LoadOptions {
  connections?: number
  /** The Accept-Encoding header sent, or null for none. */
  acceptEncoding?: string | null
}

function wrkMs(output: string, label: string): number {
  const m = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(output)
  if (!m) return NaN
  const v = Number(m[1])
  return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v
}

/** wrk for WARMUP_MS, then for DURATION_MS with the server's CPU time measured around it. */
function loadWithWrk(
  server: { port: number; pid: number },
  urlPath: string,
  name: string,
  { connections = CONNECTIONS, acceptEncoding = ACCEPT_ENCODING }: LoadOptions,
): Result {
  const url = `http://127.0.0.1:${server.port}${urlPath}`
  const args = (ms: number) => [
    `-t${Math.min(2, connections)}`,
    `-c${connections}`,
    `-d${Math.max(1, Math.round(ms / 1000))}s`,
    '--latency',
    ...(acceptEncoding === null ? [] : ['-H', `Accept-Encoding: ${acceptEncoding}`]),
    url,
  ]
  execFileSync(WRK!, args(WARMUP_MS))
  const cpu0 = server.pid ? cpuMs(server.pid) : 0
  const out = execFileSync(WRK!, args(DURATION_MS), { encoding: 'utf8' })
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0)
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    out,
  )
  return {
    path: name,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: wrkMs(out, '50'),
    p99: wrkMs(out, '99'),
    server50: NaN,
    cpuPerRequest: server.pid ? (cpuMs(server.pid) - cpu0) / Math.max(1, requests) : NaN,
    errors: non2xx + (socketErrors ? socketErrors.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
  }
}

async function load(
  server: { port: number; pid: number },
  urlPath: string,
  name = urlPath,
  options: LoadOptions = {},
): Promise<Result> {
  if (WRK) return loadWithWrk(server, urlPath, name, options)
  const { connections = CONNECTIONS, acceptEncoding = ACCEPT_ENCODING } = options
  const { port, pid } = server
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  const serverTimes: number[] = []
  let errors = 0
  let recording = false
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now()
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: urlPath,
            agent,
            headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding },
          },
          (res) => {
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
          },
        )
        .on('error', () => {
          errors++
          resolve()
        })
    })
  const run = async (until: number) => {
    await Promise.all(
      Array.from({ length: connections }, async () => {
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
    path: name,
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
        pad(Number.isNaN(r.server50) ? '–' : r.server50.toFixed(2), 12) +
        pad(Number.isNaN(r.cpuPerRequest) ? '–' : r.cpuPerRequest.toFixed(3), 12) +
        r.errors,
    )
  }
}

/** The bytes a client of this kind gets for a page, checked to be in the encoding it takes. */
function fetchAs(port: number, urlPath: string, client: Client): Promise<Buffer> {
  const headers = client.acceptEncoding === null ? {} : { 'accept-encoding': client.acceptEncoding }
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const encoding = res.headers['content-encoding'] ?? null
          if (res.statusCode !== 200 || encoding !== client.encoding)
            reject(new Error(`${urlPath} for ${client.name}: ${res.statusCode}, ${encoding}`))
          else resolve(Buffer.concat(chunks))
        })
      })
      .on('error', reject)
  })
}

/** What nginx serves each kind of client: the same bytes the server sent it. */
const NGINX_PATHS: Record<Client['name'], string> = {
  br: '/post.br',
  gzip: '/post',
  identity: '/post',
}

/**
 * nginx (one worker, like the one Node process) serving those bytes; null when not installed.
 * /post answers gzip clients post.gz (gzip_static) and the others post; /post.br is the brotli
 * copy with its header, as a brotli_static module would send it.
 */
async function startNginx(
  bytes: Record<Client['name'], Buffer>,
  port: number,
): Promise<{ port: number; pid: number; stop(): Promise<void> } | null> {
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((b) => existsSync(b))
  if (!binary) return null
  // Its workers run as an unprivileged user: a directory of its own that they may read.
  const root = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'))
  chmodSync(root, 0o755)
  mkdirSync(path.join(root, 'www'), { mode: 0o755 })
  writeFileSync(path.join(root, 'www', 'post.br'), bytes.br, { mode: 0o644 })
  writeFileSync(path.join(root, 'www', 'post.gz'), bytes.gzip, { mode: 0o644 })
  writeFileSync(path.join(root, 'www', 'post'), bytes.identity, { mode: 0o644 })
  const tmp = path.join(root, 'tmp')
  writeFileSync(
    path.join(root, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${root}/nginx.pid;
error_log ${root}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${tmp}; proxy_temp_path ${tmp}; fastcgi_temp_path ${tmp};
  uwsgi_temp_path ${tmp}; scgi_temp_path ${tmp};
  server {
    listen 127.0.0.1:${port};
    root ${root}/www;
    default_type text/html;
    location = /post { gzip_static on; gzip_vary on; }
    location = /post.br { add_header Content-Encoding br; add_header Vary Accept-Encoding; }
  }
}
`,
  )
  const child = spawn(binary, ['-c', path.join(root, 'nginx.conf')], { stdio: 'ignore' })
  running.add(child)
  child.once('exit', () => running.delete(child))
  await new Promise((r) => setTimeout(r, 500))
  // The worker, not the master, does the work: its CPU time is the one to compare.
  const children = `/proc/${child.pid}/task/${child.pid}/children`
  const worker = existsSync(children) ? Number(readFileSync(children, 'utf8').trim()) || 0 : 0
  return {
    port,
    pid: worker,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(root, { recursive: true, force: true })
          resolve()
        })
        child.kill('SIGTERM')
      }),
  }
}

/** First-load JavaScript per page, from the bundle budget script (same build). */
function firstLoadJs(): string {
  const out = spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', 'scripts/bundle-budget.ts'],
    {
      encoding: 'utf8',
    },
  )
  return (out.stdout || out.stderr).trim()
}

type Memory = { rss: number; peak: number }

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
  const post = `/blog/${postSlug}`
  console.log(`load: ${WRK ? 'wrk, 2 threads' : 'this process (install wrk for cached pages)'}`)
  const memoryLine = (m: Memory) =>
    `server memory: ${m.rss} MB RSS after the runs, ${m.peak} MB peak`

  // Visitors: the page cache on (as deployed), each kind of client right before nginx serving
  // it the same bytes, so that both see the machine in the same state.
  const cached: Result[] = []
  const references: Result[] = []
  const ratios: string[] = []
  let cachedMemory: Memory | null = null
  if (CASES.has('cached') || CASES.has('nginx')) {
    const cachedServer = await startBenchServer(small, FIRST_PORT)
    const bytes = {} as Record<Client['name'], Buffer>
    for (const client of CLIENTS)
      bytes[client.name] = await fetchAs(cachedServer.port, post, client)
    const nginx = WRK && CASES.has('nginx') ? await startNginx(bytes, FIRST_PORT + 2) : null
    for (const client of CLIENTS) {
      const options = { acceptEncoding: client.acceptEncoding }
      const ours = CASES.has('cached')
        ? await load(cachedServer, post, `post page (cached), ${client.name}`, options)
        : null
      if (ours) cached.push(ours)
      if (!nginx) continue
      const theirs = await load(nginx, NGINX_PATHS[client.name], `nginx, ${client.name}`, options)
      references.push(theirs)
      if (!ours) continue
      // CPU time per request is the steadier figure on a machine shared with other work.
      const cpu = Number.isNaN(theirs.cpuPerRequest)
        ? ''
        : `, ${(ours.cpuPerRequest / theirs.cpuPerRequest).toFixed(1)}× its CPU per request`
      ratios.push(
        `${client.name} (${bytes[client.name].length} bytes): ${((ours.rps / theirs.rps) * 100).toFixed(0)} % of nginx's req/s${cpu}`,
      )
    }
    if (CASES.has('cached')) {
      for (const [p, name] of [
        ['/blog', '/blog (cached)'],
        ['/blog?page=50', '/blog?page=50 (cached)'],
      ] as const)
        cached.push(await load(cachedServer, p, name))
      cachedMemory = memoryMb(cachedServer.pid)
    }
    await nginx?.stop()
    await cachedServer.stop()
  }

  // Every request rendered: the page cache off; at both sizes, with each size's newest post.
  const rendered: Array<{ posts: string; rows: Result[]; memory: Memory }> = []
  if (CASES.has('rendered')) {
    for (const [dir, posts, slug] of [
      [small, '1,000', postSlug],
      [large, '10,000', await newestSlug(large)],
    ] as const) {
      const freshServer = await startBenchServer(dir, FIRST_PORT + 1, { PAGE_CACHE_MB: '0' })
      const rows: Result[] = []
      for (const [p, name] of [
        [`/blog/${slug}`, 'post page (rendered)'],
        ['/blog', '/blog (rendered)'],
        ['/_api/blog/list', '/_api/blog/list'],
      ] as const)
        rows.push(await load(freshServer, p, name))
      rendered.push({ posts, rows, memory: memoryMb(freshServer.pid) })
      await freshServer.stop()
    }
  }

  const searches: Array<{ posts: string; rows: Result[]; memory: Memory }> = []
  if (CASES.has('search')) {
    for (const [dir, posts] of [
      [small, '1,000'],
      [large, '10,000'],
    ] as const) {
      const searchServer = await startBenchServer(dir, FIRST_PORT + 3)
      const rows: Result[] = []
      for (const [query, label] of [
        [SEARCH_WORD, 'a rare word'],
        ['moon%20telescope', 'two common words'],
        ['moon', 'a common word'],
      ] as const) {
        const url = `/_api/blog/list?search=${query}`
        rows.push(await load(searchServer, url, `${label}, 10 connections`))
        // Latency as one visitor sees it, without the queue of the other nine.
        rows.push(await load(searchServer, url, `${label}, 1 connection`, { connections: 1 }))
      }
      searches.push({ posts, rows, memory: memoryMb(searchServer.pid) })
      await searchServer.stop()
    }
  }

  console.log(
    `\n1,000 posts, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s each, Accept-Encoding: ${ACCEPT_ENCODING}` +
      ' (br; gzip: `gzip` alone; identity: none)',
  )
  if (cached.length || references.length) print([...cached, ...references])
  if (ratios.length) console.log(`cached post page against nginx:\n  ${ratios.join('\n  ')}`)
  if (cachedMemory) console.log(memoryLine(cachedMemory))
  for (const { posts, rows, memory } of rendered) {
    console.log(`\n${posts} posts, page cache off (PAGE_CACHE_MB=0): every request rendered`)
    print(rows)
    console.log(memoryLine(memory))
  }
  for (const { posts, rows, memory } of searches) {
    console.log(
      `\n${posts} posts, search through the full-text index (${SEARCH_WORD}, moon telescope, moon)`,
    )
    print(rows)
    console.log(memoryLine(memory))
  }
  // The bundle budget's report, with the full run only.
  if (!process.env.BENCH_CASES) console.log(`\n${firstLoadJs()}`)
} finally {
  if (!keep) rmSync(root, { recursive: true, force: true })
}
