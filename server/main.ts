import { createServer, type Server } from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import type { ServerBuild } from 'react-router'
import { type Config, ConfigError, loadConfig } from './config.ts'
import { createDatabase } from './db/dialect.ts'
import { connectContentNotify, type ContentNotifier } from './db/content-notify.ts'
import { applyMigrations, withStartupLock } from './db/migrate.ts'
import { createHttpApp } from './http/app.ts'
import { createConnectionGuard } from './http/connection-guard.ts'
import { createLogger } from './shared/logger.ts'
import { siteJobs } from './jobs/index.ts'
import { DEFAULT_TICK_MS, createScheduler } from './jobs/scheduler.ts'
import { type Services, createServices } from './services/index.ts'
import { seedIfEmpty } from './services/seed.ts'
import { loadProductionBuild } from './ssr-build.ts'

const SHUTDOWN_GRACE_MS = 10_000
const IDLE_CLOSE_DELAY_MS = 1_000
/** While draining, the listener stays open until no connection has come for this long… */
const DRAIN_QUIET_MS = 250
/** …or this long has passed since the signal, whichever comes first. */
const DRAIN_LISTEN_MAX_MS = 5_000

/**
 * Resolves once no connection has arrived for `quietMs` (the balancer has seen /healthz answer
 * 503 and sends elsewhere), or after `maxMs`. Closing the listener resets the connections the
 * kernel has queued but the process has not accepted yet, requests already sent among them: a
 * balancer cannot tell those from requests the node began, so it would not resend a form post.
 * Waiting for quiet first means nothing is queued when the listener closes.
 */
function connectionsQuiet(server: Server, quietMs: number, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now()
    let last = started
    const onConnection = () => (last = Date.now())
    server.on('connection', onConnection)
    const check = () => {
      const now = Date.now()
      if (now - last >= quietMs || now - started >= maxMs) {
        server.off('connection', onConnection)
        resolve()
      } else setTimeout(check, Math.min(quietMs - (now - last), maxMs - (now - started)))
    }
    setTimeout(check, quietMs)
  })
}

export interface RunningServer {
  url: string
  server: Server
  services: Services
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>
}

/** The composition root: config → database (+ migrations, first-start seed) → services → HTTP. */
export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config.logLevel)
  const dev = config.env === 'development'

  const db = createDatabase(config.database)
  const services = createServices({ config, db, logger })
  // Nodes starting together on one PostgreSQL database take turns: one migrates and seeds, the
  // others then find nothing to do.
  const applied = await withStartupLock(db, async () => {
    const applied = await applyMigrations(db)
    const indexed = await services.blog.indexMissingPosts()
    if (indexed) logger.info('posts indexed for search', { indexed })
    await seedIfEmpty(
      db,
      services.clock,
      { adminEmail: config.admin.email, adminPassword: config.admin.password },
      logger,
    )
    return applied
  })
  if (applied.length) logger.info('migrations applied', { applied })
  // A change made on another node reaches this node's page cache (SQLite: there is no other node).
  const notifier: ContentNotifier | null =
    config.database.dialect === 'postgres'
      ? await connectContentNotify({
          url: config.database.url,
          db,
          events: services.events,
          logger,
        })
      : null

  let loadBuild: () => Promise<ServerBuild>
  let clientDir: string | undefined
  let devMiddleware: ((req: never, res: never, next: () => void) => void) | undefined
  let closeVite: (() => Promise<void>) | undefined
  if (dev) {
    const { createServer: createViteServer } = await import('vite')
    const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' })
    loadBuild = () =>
      vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
    devMiddleware = vite.middlewares as never
    closeVite = () => vite.close()
  } else {
    const { build, root } = await loadProductionBuild()
    loadBuild = async () => build
    clientDir = path.relative(process.cwd(), path.join(root, 'client'))
  }

  // Set on SIGTERM: /healthz answers 503 so the balancer stops sending, answers end keep-alive.
  let draining = false
  // Each open connection holds some memory, idle or not: past the limit, a new one is closed at
  // once; below it, no client may take them all (ADR 016).
  const connections = createConnectionGuard({
    maxTotal: config.maxConnections,
    maxPerClient: config.trustProxy > 0 ? 0 : config.maxConnectionsPerClient,
  })
  const app = createHttpApp({
    services,
    loadBuild,
    clientDir,
    dev,
    isDraining: () => draining,
    connections: () => connections.stats(),
  })
  const listener = getRequestListener(app.fetch)
  // A client that trickles its headers or body is dropped instead of holding a socket for the
  // 300 s Node allows by default; the deadlines are checked every 2 s.
  const server = createServer(
    { headersTimeout: 15_000, requestTimeout: 60_000, connectionsCheckingInterval: 2_000 },
    (req, res) => {
      if (draining) res.setHeader('Connection', 'close')
      if (devMiddleware) devMiddleware(req as never, res as never, () => void listener(req, res))
      // A visitor's cached page is answered before the framework builds a Request (ADR 009).
      else if (!app.pageCache.serveNode(req, res)) void listener(req, res)
    },
  )
  server.keepAliveTimeout = 65_000
  server.maxConnections = config.maxConnections
  connections.attach(server)

  const jobs = siteJobs(services)
  const scheduler = createScheduler({
    db,
    clock: services.clock,
    logger,
    jobs,
    // A job due more often than the default tick (a short AURORA_CHECK_INTERVAL_S) is not late.
    tickMs: Math.min(DEFAULT_TICK_MS, ...jobs.map((job) => job.every)),
  })
  scheduler.start()

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`
  logger.info('listening', { url, dev })
  // After listening: the port is this node's, so a lease an earlier process of it left is free.
  services.newsletterOutbox.start()
  // In the background, a few milliseconds at a time: the calendar's years before visitors ask.
  void services.skyEvents.warm()

  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      draining = true
      // /healthz says so and every answer ends its connection; once the balancer has stopped
      // sending, no new connections; requests already received are answered. The scheduler
      // starts no new job and lets the one running finish, meanwhile.
      const stopped = Promise.all([
        connectionsQuiet(server, DRAIN_QUIET_MS, DRAIN_LISTEN_MAX_MS).then(() => listenerClosed()),
        scheduler.stop(),
      ])
      function listenerClosed() {
        return new Promise<void>((resolve) => {
          const force = setTimeout(() => {
            logger.error('closing connections still open after the grace period')
            server.closeAllConnections()
          }, SHUTDOWN_GRACE_MS)
          force.unref()
          // By then the requests on freshly accepted connections are being answered (with
          // Connection: close); what is still idle is a keep-alive connection with nothing asked.
          const idle = setTimeout(() => server.closeIdleConnections(), IDLE_CLOSE_DELAY_MS)
          idle.unref()
          // net.Server's close, not http.Server's: that one also drops idle connections at once,
          // among them connections accepted a moment ago whose request has not been read yet.
          // The callback comes once every connection has ended.
          net.Server.prototype.close.call(server, () => {
            clearTimeout(force)
            clearTimeout(idle)
            resolve()
          })
        })
      }
      await stopped
      await services.newsletterOutbox.stop()
      await services.contact.settle()
      await notifier?.close()
      await closeVite?.()
      await db.destroy()
      logger.info('stopped')
    })()
    return closing
  }
  return { url, server, services, close }
}

if (import.meta.main) {
  try {
    const running = await startServer(loadConfig())
    const stop = (signal: string) => {
      running.services.logger.info('shutting down', { signal })
      void running.close().then(() => process.exit(0))
    }
    process.once('SIGTERM', () => stop('SIGTERM'))
    process.once('SIGINT', () => stop('SIGINT'))
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  }
}
