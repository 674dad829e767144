import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page, Request } from '@playwright/test'
import routes from '../../app/routes.ts'
import { baseURL, waitForHydration } from './helpers.ts'

export type RouteEntry = {
  path?: string
  index?: boolean
  file?: string
  children?: RouteEntry[]
}

/** One address of the route table: its path with sample values, and the files that render it. */
export interface RoutePath {
  path: string
  /** The route's own module, after the layouts around it (outermost first). */
  files: string[]
}

/** Every path of the route table, with a real value for each parameter. */
export async function routePaths(samples: Record<string, string>): Promise<string[]> {
  return (await routeTable(samples)).map((r) => r.path)
}

/** Every path of the route table with the modules behind it. */
export async function routeTable(samples: Record<string, string>): Promise<RoutePath[]> {
  const out = new Map<string, string[]>()
  const walk = (entries: RouteEntry[], prefix: string, layouts: string[]) => {
    for (const e of entries) {
      const full = e.index ? prefix || '/' : `${prefix}/${e.path ?? ''}`.replace(/\/+/g, '/')
      const files = e.file ? [...layouts, e.file] : layouts
      if ((e.path !== undefined || e.index) && !out.has(full)) out.set(full, files)
      if (e.children) walk(e.children, e.path ? full : prefix, files)
    }
  }
  walk(routes as RouteEntry[], '', [])
  return [...out].map(([p, files]) => {
    const filled = p.replace(/:(\w+)|\*/g, (m, name: string | undefined) => {
      const key = name ? `${p}` : '*'
      const sample = samples[key]
      if (sample === undefined)
        throw new Error(`No sample value for ${m} in ${p}: add one to tests/e2e/route-walk.ts`)
      return sample
    })
    return { path: filled, files }
  })
}

/** A page, not a resource route (a loader and no component, as the sky calendar's .ics). */
export function isPage(route: RoutePath): boolean {
  return /^export default /m.test(readFileSync(path.join('app', route.files.at(-1)!), 'utf8'))
}

export async function sampleValues(browser: Browser): Promise<Record<string, string>> {
  const context = await browser.newContext()
  const posts = await (await context.request.get(`${baseURL()}/_api/blog/list?limit=1`)).json()
  const pages = await (await context.request.get(`${baseURL()}/_api/pages/list`)).json()
  await context.close()
  return {
    '/blog/:slug': (posts as { posts: Array<{ slug: string }> }).posts[0]!.slug,
    '/:slug': (pages as { pages: Array<{ slug: string }> }).pages[0]!.slug,
    '*': 'no-such-page-here',
  }
}

/**
 * A browser context at a width, in a theme. Light is chosen through Auto with a light system
 * (a saved Light becomes Dark at start).
 */
export async function themedContext(
  browser: Browser,
  theme: 'light' | 'dark',
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, colorScheme: theme, baseURL: baseURL() })
  await context.addCookies([
    { name: 'theme', value: theme === 'light' ? 'auto' : 'dark', url: baseURL() },
  ])
  return context
}

const QUIET_MS = 150
const SETTLE_MAX_MS = 5000
const inflight = new WeakMap<Page, Set<Request>>()

/**
 * Resolves once the page is hydrated and has had no request in flight for QUIET_MS (at most
 * SETTLE_MAX_MS): the data a page fetches after hydration is in it before it is checked.
 * Playwright's `networkidle` waits for 500 ms of quiet, which on a walk of every route in every
 * theme and width added minutes and checked nothing more.
 */
export async function settled(page: Page): Promise<void> {
  let open = inflight.get(page)
  if (!open) {
    const requests = new Set<Request>()
    page.on('request', (r) => requests.add(r))
    page.on('requestfinished', (r) => requests.delete(r))
    page.on('requestfailed', (r) => requests.delete(r))
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) requests.clear()
    })
    inflight.set(page, requests)
    open = requests
  }
  const deadline = Date.now() + SETTLE_MAX_MS
  await waitForHydration(page).catch(() => undefined)
  let quietSince = Date.now()
  while (Date.now() < deadline) {
    if (open.size > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= QUIET_MS) return
    await page.waitForTimeout(25)
  }
}
