import AxeBuilder from '@axe-core/playwright'
import { type Browser, expect, test } from '@playwright/test'
import routes from '../../app/routes.ts'
import { E2E } from '../support/e2e-accounts.ts'
import { ACCOUNTS, baseURL, loginHeaders } from './helpers.ts'
import { type RouteEntry, routePaths, sampleValues, themedContext } from './route-walk.ts'

/**
 * axe-core at WCAG 2.2 AA on every route of app/routes.ts — walked from the table, so a route
 * added later is checked the day it lands — signed out, as a member and as an admin, in the light
 * and dark themes, at phone and desktop width. Zero violations.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const ROLES = ['visitor', 'member', 'admin'] as const
const THEMES = ['light', 'dark'] as const
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } }

const sessions = new Map<string, string>()
/** One sign-in per role and worker (sign-ins count against the login limit). */
async function sessionCookie(browser: Browser, role: 'member' | 'admin'): Promise<string> {
  const cached = sessions.get(role)
  if (cached) return cached
  const context = await browser.newContext()
  const res = await context.request.post(`${baseURL()}/_api/auth/login_with_password`, {
    data: { email: ACCOUNTS[role].email, password: ACCOUNTS[role].password },
    headers: loginHeaders(),
  })
  expect(res.ok()).toBe(true)
  const cookie = (await context.cookies()).find((c) => c.name.endsWith('session'))!
  await context.close()
  sessions.set(role, JSON.stringify(cookie))
  return sessions.get(role)!
}

for (const role of ROLES) {
  for (const theme of THEMES) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      test(`no WCAG 2.2 AA violations: ${role}, ${theme}, ${size}`, async ({ browser }) => {
        test.setTimeout(360_000)
        const paths = await routePaths(await sampleValues(browser))
        const context = await themedContext(browser, theme, viewport)
        if (role !== 'visitor')
          await context.addCookies([JSON.parse(await sessionCookie(browser, role))])
        const page = await context.newPage()
        const failures: string[] = []
        for (const path of paths) {
          await page.goto(path, { waitUntil: 'load' })
          await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined)
          const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
          for (const v of result.violations)
            failures.push(
              `${path}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(' | ')}`,
            )
        }
        await context.close()
        expect(failures, failures.join('\n')).toEqual([])
      })
    }
  }
}

test('the walk covers the whole route table', async ({ browser }) => {
  const paths = await routePaths(await sampleValues(browser))
  // Every route with an address, however deep (the member and admin areas are layouts).
  const addressed = (entries: RouteEntry[]): number =>
    entries.reduce(
      (n, e) =>
        n + (e.path !== undefined || e.index ? 1 : 0) + (e.children ? addressed(e.children) : 0),
      0,
    )
  expect(paths.length).toBe(addressed(routes as RouteEntry[]))
  expect(paths).toContain('/admin')
  expect(E2E.port).toBeGreaterThan(0)
})
