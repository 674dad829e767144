import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createFakeUpstreams } from '../fakes/upstreams.ts'
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '../support/s3-server.ts'
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts'
import { type RunningServer, startServer } from '../../scripts/start-server.ts'
import { dropDatabaseWhenFree, freePort } from '../support/postgres.ts'

export { freePort }
export { healthStatus } from '../../scripts/start-server.ts'

/**
 * The two-node setup of docs/deployment.md on loopback: a fresh PostgreSQL database, an
 * S3-compatible server (s3rver), two app processes of the production build started as `npm start`
 * starts them, with the environment of deploy/node.env, and the round-robin proxy in front.
 */
export const ADMIN = { email: 'admin@cluster.example.org', password: 'cluster-admin-password-1' }

/** The build the lane runs: `npm run build` (or BUILD_DIR=… npm run build) before the lane. */
export const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')
const SERVER_ENTRY = path.join(BUILD_DIR, 'server-bundle/main.js')

/** What deploy/node.env sets on every node, as KEY=VALUE pairs (comments and blanks skipped). */
export function readNodeEnvFile(file = 'deploy/node.env'): Record<string, string> {
  const env: Record<string, string> = {}
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim())
    if (match) env[match[1]!] = match[2]!
  }
  return env
}

/** A running app process of the cluster (its `child` to signal it, `exited` to await it). */
export interface AppNode extends RunningServer {
  index: number
}

export interface Cluster {
  url: string
  proxy: RoundRobinProxy
  nodes: AppNode[]
  databaseUrl: string
  db: pg.Pool
  s3: TestS3Server
  fakes: ReturnType<typeof createFakeUpstreams>
  /** The environment node `index` runs with. */
  envOf(index: number): Record<string, string>
  /** Starts node `index` (again) and waits until it is healthy. */
  startNode(index: number): Promise<AppNode>
  close(): Promise<void>
}

export async function startCluster(
  postgresUrl: string,
  options: {
    /** Set on every node beside the documented environment (e.g. SMTP_URL for the newsletter). */
    env?: Record<string, string>
  } = {},
): Promise<Cluster> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(
      `The cluster lane runs the production build, and there is none at ${SERVER_ENTRY}: ` +
        'run `npm run build` first (or set BUILD_DIR to the build to use).',
    )
  }
  const cleanups: Array<() => Promise<void> | void> = []
  try {
    const name = `cluster_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: postgresUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(postgresUrl)
    url.pathname = `/${name}`
    const databaseUrl = url.toString()
    cleanups.push(async () => {
      // Once the nodes' and the test's connections have gone (no forced termination, which
      // would reach clients still closing).
      await dropDatabaseWhenFree(admin, name)
      await admin.end()
    })
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 })
    cleanups.push(() => db.end())

    const s3 = await startS3Server('astro-uploads')
    cleanups.push(() => s3.stop())
    const fakes = createFakeUpstreams()
    const upstreams = await fakes.start(0)
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          upstreams.server.closeAllConnections()
          upstreams.server.close(() => resolve())
        }),
    )

    const ports = [await freePort(), await freePort()]
    const proxyPort = await freePort()
    const proxyUrl = `http://127.0.0.1:${proxyPort}`
    const sessionSecret = randomBytes(32).toString('hex')
    const dataDirs = ports.map(() => mkdtempSync(path.join(tmpdir(), 'cluster-node-')))
    cleanups.push(() => {
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
    })

    const documented = readNodeEnvFile()
    // Every variable of deploy/node.env, with this machine's values where they must differ.
    const envOf = (index: number): Record<string, string> => {
      const values: Record<string, string> = {
        HOST: '127.0.0.1',
        PORT: String(ports[index]),
        PUBLIC_URL: proxyUrl,
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: sessionSecret,
        STORAGE_URL: `s3://${s3.bucket}?endpoint=${s3.endpoint}&region=us-east-1`,
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      }
      const env: Record<string, string> = {}
      for (const [key, value] of Object.entries(documented)) env[key] = values[key] ?? value
      return {
        ...env,
        // Beside the documented environment: where this node keeps its (unshared) scratch
        // files, quieter logs, and every upstream pointed at the fakes on loopback.
        DATA_DIR: dataDirs[index]!,
        LOG_LEVEL: 'error',
        ...upstreams.env,
        ...options.env,
      }
    }

    const nodes: AppNode[] = []
    const startNode = async (index: number): Promise<AppNode> => {
      const server = await startServer({
        port: ports[index]!,
        buildDir: BUILD_DIR,
        inheritEnv: false,
        env: envOf(index),
      }).catch((error: Error) => {
        throw new Error(`node ${index} did not become healthy: ${error.message}`)
      })
      const node = Object.assign(server, { index })
      nodes[index] = node
      return node
    }
    cleanups.push(async () => {
      for (const node of nodes) {
        if (node && node.exitCode === null) {
          node.child.kill('SIGKILL')
          await node.exited
        }
      }
    })

    // Both nodes start together on the empty database, as after a deployment; both settle
    // before a failure is thrown, so the cleanup stops the one that did start.
    const started = await Promise.allSettled([startNode(0), startNode(1)])
    const failed = started.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    const proxy = await startRoundRobinProxy(
      ports.map((port) => ({ port })),
      proxyPort,
    )
    cleanups.push(() => proxy.close())

    return {
      url: proxy.url,
      proxy,
      nodes,
      databaseUrl,
      db,
      s3,
      fakes,
      envOf,
      startNode,
      async close() {
        for (const cleanup of cleanups.reverse()) await cleanup()
      },
    }
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {})
    throw error
  }
}

export interface ClusterResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  text: string
  /** The node that answered (from the proxy's x-served-by), or -1 when sent to a node directly. */
  servedBy: number
  json<T = Record<string, unknown>>(): T
}

/**
 * One request from a client at `from` (a loopback address: each simulated visitor has its own,
 * so rate limits and sessions are per visitor as in life), through the proxy or to one node.
 */
export function request(
  base: string,
  pathname: string,
  options: {
    method?: string
    json?: unknown
    body?: Buffer
    headers?: Record<string, string>
    cookie?: string
    from?: string
    node?: number
  } = {},
): Promise<ClusterResponse> {
  const target = new URL(pathname, base)
  const headers: Record<string, string> = { ...options.headers }
  let body = options.body
  if (options.json !== undefined) {
    body = Buffer.from(JSON.stringify(options.json))
    headers['content-type'] = 'application/json'
  }
  if (body) headers['content-length'] = String(body.length)
  if (options.cookie) headers.cookie = options.cookie
  if (options.node !== undefined) headers['x-cluster-node'] = String(options.node)
  if (body && !headers.origin) headers.origin = target.origin
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers,
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const all = Buffer.concat(chunks)
          const text = all.toString('utf8')
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: all,
            text,
            servedBy: Number(res.headers['x-served-by'] ?? -1),
            json: <T>() => JSON.parse(text) as T,
          })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** The `name=value` of a response's session cookie, for the next request's Cookie header. */
export function sessionCookie(res: ClusterResponse): string {
  const cookies = res.headers['set-cookie'] ?? []
  const session = cookies.find((c) => /^(__Host-)?session=/.test(c))
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`)
  return session.split(';')[0]!
}

/** A multipart/form-data body of files and fields, as a browser sends it. */
export function multipart(
  parts: Array<
    { name: string; value: string } | { name: string; file: Buffer; filename: string; type: string }
  >,
): { body: Buffer; contentType: string } {
  const boundary = `----cluster${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`
    if ('file' in part) head += `; filename="${part.filename}"\r\nContent-Type: ${part.type}`
    chunks.push(Buffer.from(`${head}\r\n\r\n`))
    chunks.push('file' in part ? part.file : Buffer.from(part.value))
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}
