import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import routes from '../../app/routes.ts'
import { E2E } from '../support/e2e-accounts.ts'
import { ACCOUNTS, axeViolations, baseURL, loginHeaders } from './helpers.ts'
import {
  type RouteEntry,
  isPage,
  type RoutePath,
  routePaths,
  routeTable,
  sampleValues,
  settled,
  themedContext,
} from './route-walk.ts'

/**
 * axe-core at WCAG 2.2 AA on every route of app/routes.ts — walked from the table, so a route
 * added later is checked the day it lands — in the light and dark themes, at phone and desktop
 * width. Zero violations.
 *
 * Every page also fits its width: nothing scrolls sideways, there and at 360 px.
 *
 * A visitor walks every route. A member and an admin walk what is theirs: the pages of their
 * areas (the layouts that check the role), and the public pages whose content depends on who is
 * signed in (the header, on every page, is seen on the home page). The rest is the same page for
 * everyone, already checked signed out, and walking it three times made this the slowest lane.
 */
const ROLES = ['visitor', 'member', 'admin'] as const
const THEMES = ['light', 'dark'] as const
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } }
/** The narrowest phone the site is made for: checked for sideways scrolling only. */
const NARROW = { width: 360, height: 740 }

/** Public pages that read who is signed in (a test below keeps this list true). */
const SIGNED_IN_VIEWS = [
  'routes/home.tsx',
  'routes/members.tsx',
  'routes/login.tsx',
  'routes/blog.tsx',
  'routes/announcements.tsx',
  'routes/discord-invite.tsx',
  'routes/resources.tsx',
  'routes/tonight.tsx',
]
const AREAS = {
  member: ['routes/member-area.tsx'],
  admin: ['routes/member-area.tsx', 'routes/admin-area.tsx'],
}

function pathsOf(role: (typeof ROLES)[number], all: RoutePath[]): string[] {
  const table = all.filter(isPage)
  if (role === 'visitor') return table.map((r) => r.path)
  const own = new Set([...SIGNED_IN_VIEWS, ...AREAS[role]])
  return table.filter((r) => r.files.some((f) => own.has(f))).map((r) => r.path)
}

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

/**
 * Loads every page `role` walks at `viewport`, one after the other, and checks each in the light
 * theme and then the dark one (Auto follows the system, switched in place: one load serves both),
 * then, for phones, at the narrowest width too. Fails with every problem found on the way.
 */
async function walk(
  browser: Browser,
  role: (typeof ROLES)[number],
  viewport: { width: number; height: number },
  check: (page: Page) => Promise<string[]>,
  narrow?: { width: number; height: number },
) {
  const paths = pathsOf(role, await routeTable(await sampleValues(browser)))
  const context = await themedContext(browser, 'light', viewport)
  if (role !== 'visitor') await context.addCookies([JSON.parse(await sessionCookie(browser, role))])
  const page = await context.newPage()
  const failures: string[] = []
  for (const path of paths) {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize(viewport)
    await page.goto(path, { waitUntil: 'load' })
    await settled(page)
    for (const theme of THEMES) {
      if (theme === 'dark') await switchTheme(page, 'dark')
      for (const problem of await check(page)) failures.push(`${path} (${theme}): ${problem}`)
    }
    if (narrow) {
      await page.setViewportSize(narrow)
      for (const problem of await sidewaysOverflow(page)) {
        failures.push(`${path} (${narrow.width} px): ${problem}`)
      }
    }
  }
  await context.close()
  expect(failures, failures.join('\n')).toEqual([])
}

/**
 * Auto with a dark system: the page turns dark in place. Transitions are switched off first, so
 * the colours checked are the dark theme's, not a moment of a fade (the next load drops the rule).
 */
async function switchTheme(page: Page, theme: 'dark') {
  // A constructed sheet, which the page's Content-Security-Policy lets through (a <style> it blocks).
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(
      '*, *::before, *::after { transition: none !important; animation: none !important }',
    )
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  })
  await page.emulateMedia({ colorScheme: theme })
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'))
}

/** What makes `page` wider than its viewport (none when nothing does). */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return ''
    const wide = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}`)
    return `${document.documentElement.scrollWidth} px wide in ${width} (${wide.join(', ')})`
  })
  return found ? [found] : []
}

for (const role of ROLES) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    const narrow = size === 'phone' ? NARROW : undefined
    test(`no WCAG 2.2 AA violations, nothing scrolls sideways: ${role}, ${size}, light and dark${narrow ? `, and ${narrow.width} px` : ''}`, async ({
      browser,
    }) => {
      test.setTimeout(600_000)
      await walk(
        browser,
        role,
        viewport,
        async (page) => [
          ...(await sidewaysOverflow(page)),
          ...(await axeViolations(page)).map(
            (v) =>
              `${v.id} (${v.impact}) ${v.help} — ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(' | ')}`,
          ),
        ],
        narrow,
      )
    })
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

test('a page that reads who is signed in is walked signed in', async ({ browser }) => {
  const table = await routeTable(await sampleValues(browser))
  const app = path.resolve('app')
  const readsUser = (file: string) =>
    // The hook, the loader's user (read or destructured), or the members-only gate.
    /\buseAuth\(|appContext\)\.user|\buser\b[^}]*\}\s*=\s*context\.get\(appContext\)|\bforMembers\(|<MembersOnly\b/.test(
      readFileSync(path.join(app, file), 'utf8'),
    )
  const routeFiles = readdirSync(path.join(app, 'routes'))
    .filter((name) => name.endsWith('.tsx') && !name.includes('.test.'))
    .map((name) => `routes/${name}`)
  const inAreas = new Set(table.flatMap((r) => (r.files.length > 1 ? r.files : [])))
  const public_ = routeFiles.filter((f) => !inAreas.has(f) && readsUser(f))
  expect(public_.sort()).toEqual([...SIGNED_IN_VIEWS].sort())
  expect(pathsOf('member', table)).toEqual(
    expect.arrayContaining(['/', '/members', '/login', '/profile', '/members/profile']),
  )
  expect(pathsOf('member', table)).not.toContain('/admin')
  expect(pathsOf('admin', table)).toEqual(expect.arrayContaining(['/admin', '/editor', '/profile']))
})
