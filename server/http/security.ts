import { randomBytes } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Config } from '../config.ts'
import type { AppEnv } from './env.ts'
import { ApiError, HTTP_MESSAGES } from './errors.ts'

function analyticsOrigins(config: Config): { script: string[]; connect: string[] } {
  const a = config.analytics
  if (a.provider === 'plausible') {
    const origin = new URL(a.scriptUrl).origin
    return { script: [origin], connect: [origin] }
  }
  if (a.provider === 'ga4') {
    return {
      script: ['https://www.googletagmanager.com'],
      connect: [
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://www.googletagmanager.com',
      ],
    }
  }
  return { script: [], connect: [] }
}

export function contentSecurityPolicy(config: Config, nonce: string, dev: boolean): string {
  const analytics = analyticsOrigins(config)
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // In development Vite injects inline scripts of its own; a nonce would disable 'unsafe-inline'.
    'script-src': dev
      ? ["'self'", "'unsafe-inline'"]
      : ["'self'", `'nonce-${nonce}'`, ...analytics.script],
    // Radix and the toast library position elements with style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'https:', 'http:', 'blob:'],
    'connect-src': dev ? ["'self'", 'ws:', ...analytics.connect] : ["'self'", ...analytics.connect],
    'frame-src': ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ')
}

export function securityHeaders(config: Config, dev: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString('base64')
    c.set('nonce', nonce)
    await next()
    const headers = c.res.headers
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('X-Frame-Options', 'DENY')
    // A route may relax it: the Discord sign-in popup must keep its opener across Discord's pages.
    if (!headers.has('Cross-Origin-Opener-Policy'))
      headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups')
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    if (config.secureCookies)
      headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    if ((headers.get('content-type') ?? '').startsWith('text/html')) {
      headers.set('Content-Security-Policy', contentSecurityPolicy(config, nonce, dev))
    }
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests that a browser sent from another site, on top of SameSite=Lax:
 * Sec-Fetch-Site when the browser sends it, else the Origin header. Clients that send neither
 * (curl, server-to-server) carry no ambient cookies to abuse and pass.
 */
export function sameOriginOnly(config: Config): MiddlewareHandler<AppEnv> {
  const allowed = new Set<string>()
  if (config.publicUrl) allowed.add(new URL(config.publicUrl).origin)
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const site = c.req.header('sec-fetch-site')
    if (site && site !== 'same-origin' && site !== 'none')
      throw new ApiError(403, HTTP_MESSAGES.crossOrigin)
    const origin = c.req.header('origin')
    if (origin && origin !== 'null') {
      const own = new URL(c.req.url).origin
      if (origin !== own && !allowed.has(origin)) throw new ApiError(403, HTTP_MESSAGES.crossOrigin)
    } else if (origin === 'null') {
      throw new ApiError(403, HTTP_MESSAGES.crossOrigin)
    }
    return next()
  }
}
