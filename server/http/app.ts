import { Hono, type MiddlewareHandler } from 'hono'
import type { ServerBuild } from 'react-router'
import { API_ROUTES } from '../api/routes.ts'
import { readSessionToken, sessionCookieName, writeSessionCookie } from '../auth/session-cookie.ts'
import { pingDatabase } from '../db/health.ts'
import type { Services } from '../services/index.ts'
import { BODY_LIMITS, mountApi } from './api.ts'
import { createBodyGate } from './body-gate.ts'
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

export interface HttpOptions {
  services: Services
  /** The React Router server build; absent in API-only tests. */
  loadBuild?: () => Promise<ServerBuild>
  /** build/client in production; Vite serves it in development. */
  clientDir?: string
  dev?: boolean
  /** True once the process has been asked to stop (server/main.ts): /healthz then says 503. */
  isDraining?: () => boolean
}

export type HttpApp = Hono<AppEnv> & { pageCache: PageCache }

export function createHttpApp({
  services,
  loadBuild,
  clientDir,
  dev = false,
  isDraining = () => false,
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

  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store')
    // A node shutting down tells the load balancer to send its requests elsewhere.
    if (isDraining()) return c.json({ status: 'draining' }, 503)
    await pingDatabase(services.db)
    return c.json({ status: 'ok' })
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
  const outerLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
    const body = limitRequestBody(c, BODY_LIMITS.upload)
    if (body === TOO_LARGE) return c.json({ error: HTTP_MESSAGES.tooLarge }, 413)
    await next()
    if (body?.exceeded && c.res.status !== 413) {
      c.res = undefined
      c.res = c.json({ error: HTTP_MESSAGES.tooLarge }, 413)
    }
  }
  app.use('/_api/*', outerLimit, sameOriginOnly(config))
  mountApi(app, API_ROUTES, services, createBodyGate(BODY_BUDGET_BYTES, BODY_MAX_WAITING))
  mountOauthStart(app, services)
  app.all('/_api/*', (c) => c.json({ error: HTTP_MESSAGES.apiNotFound }, 404))

  if (loadBuild) {
    const ssr = createSsrHandler(
      loadBuild,
      services,
      dev ? 'development' : 'production',
      clientDir ?? null,
    )
    app.all('*', (c) => ssr(c))
  }

  app.notFound((c) =>
    c.req.path.startsWith('/_api/')
      ? c.json({ error: HTTP_MESSAGES.apiNotFound }, 404)
      : c.text('Not found', 404),
  )

  app.onError(errorHandler(logger))

  return Object.assign(app, { pageCache })
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
