import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test'
import routes from '../../app/routes.ts'
import { ACCOUNTS, baseURL, loginHeaders } from './helpers.ts'

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
  return routePatterns().map((r) => ({ path: fillPattern(r.path, samples), files: r.files }))
}

/**
 * Every address of the route table as declared (`/blog/:slug`), with the modules behind it:
 * known without the server, so a test can be written, and named, for each.
 */
export function routePatterns(): RoutePath[] {
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
  return [...out].map(([path, files]) => ({ path, files }))
}

/** A declared address with a real value for each parameter. */
export function fillPattern(pattern: string, samples: Record<string, string>): string {
  return pattern.replace(/:(\w+)|\*/g, (m, name: string | undefined) => {
    const sample = samples[name ? pattern : '*']
    if (sample === undefined)
      throw new Error(`No sample value for ${m} in ${pattern}: add one to tests/e2e/route-walk.ts`)
    return sample
  })
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

export type Theme = 'light' | 'dark'

/**
 * Puts the page already loaded in a themedContext into `theme` as a visitor does, through the
 * header's theme menu (Dark, or Auto under a light system for light, as themedContext starts
 * it), with the system's scheme matching as in themedContext; then the focus, which the menu
 * hands back to its button, leaves it, as on a page just loaded. Resolves once the colours'
 * transitions are over.
 */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  const choice = theme === 'light' ? 'auto' : 'dark'
  if (theme === 'light') await page.emulateMedia({ colorScheme: 'light' })
  await page.getByRole('button', { name: /^Theme: / }).click()
  await page.getByRole('menuitemradio', { name: choice === 'auto' ? 'Auto' : 'Dark' }).click()
  await expect(page.getByRole('menu', { name: 'Theme' })).toHaveCount(0)
  await expect(page.locator('html')).toHaveAttribute('data-theme', choice)
  await expect(page.locator('html')).toHaveClass(
    theme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/,
  )
  if (theme === 'dark') await page.emulateMedia({ colorScheme: 'dark' })
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await settled(page)
}

/** The page at another size, once what follows the width (media queries, effects) has settled. */
export async function resize(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport)
  await settled(page)
}

/** Two frames for effects and observers to run and render, then no colour or size in transition. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    await frame()
    await frame()
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    )
  })
}

const sessions = new Map<string, string>()
/** A session cookie of `role`: one sign-in per role and worker (sign-ins count against the limit). */
export async function sessionCookie(
  browser: Browser,
  role: keyof typeof ACCOUNTS,
): Promise<Parameters<BrowserContext['addCookies']>[0][number]> {
  const cached = sessions.get(role)
  if (cached) return JSON.parse(cached)
  const context = await browser.newContext()
  const res = await context.request.post(`${baseURL()}/_api/auth/login_with_password`, {
    data: { email: ACCOUNTS[role].email, password: ACCOUNTS[role].password },
    headers: loginHeaders(),
  })
  expect(res.ok(), `login as ${role} answered ${res.status()}`).toBe(true)
  const cookie = (await context.cookies()).find((c) => c.name.endsWith('session'))!
  await context.close()
  sessions.set(role, JSON.stringify(cookie))
  return cookie
}

/**
 * The page loaded as a visitor finds it once it is still: its requests done and the toasts'
 * region, which mounts when the browser is first idle, in place.
 */
export async function loadedStill(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined)
  await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached()
}
