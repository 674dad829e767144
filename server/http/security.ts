import { randomFillSync } from 'node:crypto'
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

/**
 * The policy of one page: its inline scripts are allowed by this response's nonce, or, for a page
 * served from the visitor cache to many people, by the hashes of exactly the scripts it holds
 * (ADR 009).
 */
export type ScriptAllowance = { nonce: string } | { hashes: readonly string[] }

export function contentSecurityPolicy(
  config: Config,
  allow: ScriptAllowance,
  dev: boolean,
): string {
  const inline = 'nonce' in allow ? [`'nonce-${allow.nonce}'`] : allow.hashes
  const analytics = analyticsOrigins(config)
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // In development Vite injects inline scripts of its own; a nonce would disable 'unsafe-inline'.
    'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...inline, ...analytics.script],
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

/** The headers every response carries, the same for all (the policy of a page is added apart). */
export function fixedSecurityHeaders(config: Config): [string, string][] {
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ]
  if (config.secureCookies)
    headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'])
  return headers
}

const NONCE_BYTES = 16
const noncePool = Buffer.alloc(NONCE_BYTES * 256)
let nonceOffset = noncePool.length

/**
 * A fresh CSP nonce: 16 bytes from the system's CSPRNG, cut from a buffer refilled every 256
 * nonces (as `crypto.randomUUID` does), since one `randomBytes` call per request cost 2.5 % of a
 * rendered page's CPU.
 */
export function newNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool)
    nonceOffset = 0
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES)
  nonceOffset += NONCE_BYTES
  return nonce
}

export function securityHeaders(config: Config, dev: boolean): MiddlewareHandler<AppEnv> {
  const fixed = fixedSecurityHeaders(config)
  return async (c, next) => {
    const nonce = newNonce()
    c.set('nonce', nonce)
    await next()
    const headers = c.res.headers
    for (const [name, value] of fixed) {
      // A route may relax it: the Discord sign-in popup must keep its opener across Discord's pages.
      if (name === 'Cross-Origin-Opener-Policy' && headers.has(name)) continue
      headers.set(name, value)
    }
    // A page from the visitor cache carries its own policy (the hashes of its scripts).
    if (
      (headers.get('content-type') ?? '').startsWith('text/html') &&
      !headers.has('Content-Security-Policy')
    ) {
      headers.set('Content-Security-Policy', contentSecurityPolicy(config, { nonce }, dev))
    }
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests that a browser sent from another site, on top of SameSite=Lax:
 * Sec-Fetch-Site when the browser sends it, else the Origin header. Clients that send neither
 * (curl, server-to-server) carry no ambient cookies to abuse and pass, and so do the paths of
 * endpoints declared `crossSite` (a signed token in the address is their only authority).
 */
export function sameOriginOnly(
  config: Config,
  crossSitePaths: ReadonlySet<string> = new Set(),
): MiddlewareHandler<AppEnv> {
  const allowed = new Set<string>()
  if (config.publicUrl) allowed.add(new URL(config.publicUrl).origin)
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || crossSitePaths.has(c.req.path)) return next()
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
