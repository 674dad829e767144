import { Hono, type MiddlewareHandler } from 'hono'
import type { ServerBuild } from 'react-router'
import { API_ROUTES } from '../api/routes.ts'
import { sessionCookieName } from '../auth/session-cookie.ts'
import { readSessionToken, writeSessionCookie } from './cookies.ts'
import { pingDatabase } from '../db/health.ts'
import type { Services } from '../services/index.ts'
import { BODY_LIMITS, bodyLimitOf, mountApi } from './api.ts'
import { type BodyGate, BUSY_MESSAGE, createBodyGate } from './body-gate.ts'
import type { ConnectionGuard } from './connection-guard.ts'
import { createMemoryGuard, type MemorySnapshot } from './memory-guard.ts'
import { createWorkLimiter, type WorkLimiter } from '../shared/work-limiter.ts'
import { limitRequestBody, TOO_LARGE } from './body-limit.ts'
import { mountOauthStart } from './oauth-start.ts'
import type { AppEnv } from './env.ts'
import { errorHandler } from './error-handler.ts'
import { mountFeeds } from './feeds.ts'
import { HTTP_MESSAGES } from './errors.ts'
import {
  contentSecurityPolicy,
  fixedSecurityHeaders,
  sameOriginOnly,
  securityHeaders,
} from './security.ts'
import { createPageCache, type PageCache } from './page-cache.ts'
import { requestText } from './request-text.ts'
import { createSsrHandler } from './ssr.ts'
import { serveUploads } from './uploads.ts'
import { serveBuild } from './static.ts'
import { compression } from './compression.ts'

/**
 * Bodies being read and parsed at once may reserve this much in all (each reserves its length,
 * or its endpoint's limit). JSON takes up to ten times its size in heap: 2 MB of bodies, about
 * 20 MB of objects at worst, fits in the heap the server runs with beside its own 19 MB and the
 * open connections' (ADR 015), however many clients send at once.
 */
export const BODY_BUDGET_BYTES = 2 * 1024 * 1024
export const BODY_MAX_WAITING = 256
/** One client's most of that budget: a quarter, so three others always find room. */
export const BODY_BUDGET_PER_CLIENT = BODY_BUDGET_BYTES / 4
/**
 * Uploads being read at once: two of the largest (each parsed form holds its file a few times
 * over), one per client, eight waiting. Kept apart so that an upload never holds up a sign-in.
 */
export const UPLOAD_BUDGET_BYTES = 2 * BODY_LIMITS.upload
export const UPLOAD_MAX_WAITING = 8
/** A render waits at most this long for a turn before the visitor is told to retry. */
const RENDER_MAX_WAIT_MS = 5_000

export interface HttpOptions {
  services: Services
  /** The React Router server build; absent in API-only tests. */
  loadBuild?: () => Promise<ServerBuild>
  /** build/client in production; Vite serves it in development. */
  clientDir?: string
  dev?: boolean
  /** True once the process has been asked to stop (server/main.ts): /healthz then says 503. */
  isDraining?: () => boolean
  /** The connection guard's figures (server/main.ts owns the sockets), for /healthz. */
  connections?: () => ConnectionGuardStats | undefined
}

type ConnectionGuardStats = ReturnType<ConnectionGuard['stats']>

export type HttpApp = Hono<AppEnv> & {
  pageCache: PageCache
  /** The state /healthz reports: memory, shedding, renders and bodies in flight. */
  load(): LoadReport
}

export interface LoadReport {
  shedding: boolean
  memory: Omit<MemorySnapshot, 'shedding'>
  renders: ReturnType<WorkLimiter['stats']>
  bodies: ReturnType<BodyGate['stats']>
  uploads: ReturnType<BodyGate['stats']>
  connections?: ConnectionGuardStats
}

export function createHttpApp({
  services,
  loadBuild,
  clientDir,
  dev = false,
  isDraining = () => false,
  connections = () => undefined,
}: HttpOptions): HttpApp {
  const { config, logger } = services
  const app = new Hono<AppEnv>()

  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    if (c.req.path.startsWith('/assets/')) return
    // Time to the response head (for streamed pages: the shell). Also sent as Server-Timing.
    const ms = Math.round((performance.now() - started) * 10) / 10
    c.res.headers.set('Server-Timing', `app;dur=${ms}`)
    logger.info('request', { method: c.req.method, path: c.req.path, status: c.res.status, ms })
  })
  app.use(compression())
  app.use(securityHeaders(config, dev))
  app.use(requestText())
  // Anonymous visitors' public pages, rendered once per change (ADR 009); off in development,
  // where the code behind the pages changes under it.
  const pageCache = createPageCache({
    events: services.events,
    now: () => services.clock.now().getTime(),
    maxBytes: dev ? 0 : config.pageCacheBytes,
    nextScheduledPublication: () => services.nextScheduledPublication(),
    policyFor: (hashes) => contentSecurityPolicy(config, { hashes }, dev),
    fixedHeaders: fixedSecurityHeaders(config),
    sessionCookie: sessionCookieName(config.secureCookies),
    keyByHost: config.publicUrl === undefined,
  })
  app.use(pageCache.middleware)

  const memory = createMemoryGuard(config.load.shed)
  const renders = createWorkLimiter({
    maxActive: config.load.maxRenders,
    maxWaiting: config.load.renderQueue,
    maxWaitMs: RENDER_MAX_WAIT_MS,
    busyMessage: BUSY_MESSAGE,
    retryAfterSeconds: 2,
  })
  const gate = createBodyGate(BODY_BUDGET_BYTES, BODY_MAX_WAITING, BODY_BUDGET_PER_CLIENT)
  const uploadGate = createBodyGate(UPLOAD_BUDGET_BYTES, UPLOAD_MAX_WAITING, BODY_LIMITS.upload)
  const load = (): LoadReport => {
    const { shedding, ...snapshot } = memory.snapshot()
    return {
      shedding,
      memory: snapshot,
      renders: renders.stats(),
      bodies: gate.stats(),
      uploads: uploadGate.stats(),
      connections: connections(),
    }
  }

  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store')
    // A node shutting down tells the load balancer to send its requests elsewhere.
    if (isDraining()) return c.json({ status: 'draining' }, 503)
    try {
      await pingDatabase(services.db)
    } catch (error) {
      logger.error('health check: the database does not answer', { error: String(error) })
      c.header('Retry-After', '5')
      return c.json({ status: 'database unavailable' }, 503)
    }
    // Shedding is not ill health: the node answers, cached pages and light calls included.
    return c.json({ status: 'ok', ...load() })
  })

  if (clientDir) app.use('*', serveBuild(clientDir))
  // Through the storage, so each node serves every upload (disk, or the object store).
  app.get('/uploads/*', serveUploads(services.storage))

  mountFeeds(app, services)
  app.get('/ads.txt', (c) =>
    config.adsTxt ? c.text(config.adsTxt + '\n') : c.text('Not found\n', 404),
  )
  app.get(config.siteVerification.path, (c) =>
    config.siteVerification.line
      ? c.text(config.siteVerification.line + '\n')
      : c.text('Not found\n', 404),
  )

  // Who is asking: the client address and the signed-in user, once per request.
  app.use(async (c, next) => {
    c.set(
      'ip',
      clientIp(
        c.env?.incoming?.socket?.remoteAddress ?? 'unknown',
        c.req.header('x-forwarded-for'),
        config.trustProxy,
      ),
    )
    c.set('user', null)
    c.set('sessionId', null)
    c.set('sessionToken', null)
    const token = readSessionToken(c, config.secureCookies)
    if (token) {
      const session = await services.auth.resolveSession(token)
      if (session) {
        c.set('user', session.user)
        c.set('sessionId', session.sessionId)
        c.set('sessionToken', token)
        if (session.renewedUntil)
          writeSessionCookie(c, config.secureCookies, token, session.renewedUntil)
      }
    }
    await next()
  })

  // No body anywhere under /_api may pass the largest limit; each endpoint then applies its own
  // (server/http/api.ts), after the caller's access is checked. Neither reads ahead of the
  // endpoint's parser, so a refused request's body is never held in memory.
  const largestBody = Math.max(...API_ROUTES.map(bodyLimitOf))
  const outerLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
    const body = limitRequestBody(c, largestBody)
    if (body === TOO_LARGE) return c.json({ error: HTTP_MESSAGES.tooLarge }, 413)
    await next()
    if (body?.exceeded && c.res.status !== 413) {
      c.res = undefined
      c.res = c.json({ error: HTTP_MESSAGES.tooLarge }, 413)
    }
  }
  const crossSite = new Set(API_ROUTES.filter((ep) => ep.crossSite).map((ep) => `/_api${ep.path}`))
  app.use('/_api/*', outerLimit, sameOriginOnly(config, crossSite))
  mountApi(app, API_ROUTES, services, {
    gate,
    uploadGate,
    memory,
    bodyReadTimeoutMs: config.load.bodyReadTimeoutMs,
  })
  mountOauthStart(app, services)
  app.all('/_api/*', (c) => c.json({ error: HTTP_MESSAGES.apiNotFound }, 404))

  if (loadBuild) {
    const ssr = createSsrHandler(
      loadBuild,
      services,
      dev ? 'development' : 'production',
      clientDir ?? null,
      { renders, memory },
    )
    app.all('*', (c) => ssr(c))
  }

  app.notFound((c) =>
    c.req.path.startsWith('/_api/')
      ? c.json({ error: HTTP_MESSAGES.apiNotFound }, 404)
      : c.text('Not found', 404),
  )

  app.onError(errorHandler(logger))

  return Object.assign(app, { pageCache, load })
}

/**
 * The client address. Behind `hops` trusted proxies, each appends the address it received the
 * request from to X-Forwarded-For, so the client is the entry `hops` from the right; anything to
 * its left was written by the client and is ignored.
 */
export function clientIp(
  socketAddress: string,
  forwardedFor: string | undefined,
  hops: number,
): string {
  if (hops > 0 && forwardedFor) {
    const entries = forwardedFor
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)
    const client = entries[entries.length - hops]
    if (client && /^[0-9a-fA-F.:]{2,45}$/.test(client)) return client
    // Fewer entries than proxies: the nearest one the proxies vouch for.
    if (entries[0] && /^[0-9a-fA-F.:]{2,45}$/.test(entries[0])) return entries[0]
  }
  return socketAddress
}
