import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import type { run as axeRun } from 'axe-core'
import sharp from 'sharp'
import routes from '../../app/routes.ts'
import { E2E } from '../support/e2e-accounts.ts'
import { WCAG_TAGS, axeViolations } from './helpers.ts'
import {
  type RouteEntry,
  type RoutePath,
  type Theme,
  fillPattern,
  loadedStill,
  resize,
  routePaths,
  routePatterns,
  routeTable,
  sampleValues,
  sessionCookie,
  switchTheme,
  themedContext,
} from './route-walk.ts'

/**
 * axe-core at WCAG 2.2 AA on every route of app/routes.ts — one test per route of the table, so a
 * route added later is checked the day it lands — in the light and dark themes, at phone and
 * desktop width. Zero violations.
 *
 * Every page also fits its width: nothing scrolls sideways, there and at 360 px.
 *
 * A visitor checks every route. A member and an admin check what is theirs: the pages of their
 * areas (the layouts that check the role), and the public pages whose content depends on who is
 * signed in (the header, on every page, is seen on the home page). The rest is the same page for
 * everyone, already checked signed out.
 *
 * Each page is loaded once, on a desktop in the light theme, and then shown at the other widths
 * with the viewport and in the dark theme through the header's theme menu, as a visitor switches
 * it: the same page in the same state as one loaded that way (the last test compares them), with
 * axe injected into one document instead of five.
 */
const ROLES = ['visitor', 'member', 'admin'] as const
type Role = (typeof ROLES)[number]
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1366, height: 900 }
/** The narrowest phone the site is made for: checked for sideways scrolling only. */
const NARROW = { width: 360, height: 740 }
/** What each page is shown as, in order (one theme switch); `axe: false` checks the fit only. */
const VIEWS = [
  { theme: 'light', size: 'desktop', viewport: DESKTOP, axe: true },
  { theme: 'light', size: 'phone', viewport: PHONE, axe: true },
  { theme: 'light', size: `${NARROW.width} px`, viewport: NARROW, axe: false },
  { theme: 'dark', size: 'phone', viewport: PHONE, axe: true },
  { theme: 'dark', size: 'desktop', viewport: DESKTOP, axe: true },
] as const

/** Public pages that read who is signed in (a test below keeps this list true). */
const SIGNED_IN_VIEWS = ['routes/home.tsx', 'routes/members.tsx', 'routes/login.tsx']
const AREAS = {
  member: ['routes/member-area.tsx'],
  admin: ['routes/member-area.tsx', 'routes/admin-area.tsx'],
}

function routesOf<R extends RoutePath>(role: Role, table: R[]): R[] {
  if (role === 'visitor') return table
  const own = new Set([...SIGNED_IN_VIEWS, ...AREAS[role]])
  return table.filter((r) => r.files.some((f) => own.has(f)))
}

/** A page loaded by `role` in the light theme on a desktop, once what it fetches has come. */
async function load(browser: Browser, role: Role, path: string): Promise<Page> {
  const context = await themedContext(browser, 'light', DESKTOP)
  if (role !== 'visitor') await context.addCookies([await sessionCookie(browser, role)])
  const page = await context.newPage()
  await loadedStill(page, path)
  return page
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

async function violations(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map(
    (v) =>
      `${v.id} (${v.impact}) ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  )
}

for (const role of ROLES) {
  for (const route of routesOf(role, routePatterns())) {
    test(`no WCAG 2.2 AA violations, nothing scrolls sideways: ${role}, ${route.path}`, async ({
      browser,
    }) => {
      const path = fillPattern(route.path, await sampleValues(browser))
      const page = await load(browser, role, path)
      const failures: string[] = []
      let theme: Theme = 'light'
      for (const view of VIEWS) {
        if (view.theme !== theme) await switchTheme(page, (theme = view.theme))
        await resize(page, view.viewport)
        const found = [
          ...(await sidewaysOverflow(page)),
          ...(view.axe ? await violations(page) : []),
        ]
        for (const problem of found) failures.push(`${view.theme}, ${view.size}: ${problem}`)
      }
      await page.context().close()
      expect(failures, `${path}\n${failures.join('\n')}`).toEqual([])
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
    /\buseAuth\(|context\.get\(appContext\)\.user/.test(readFileSync(path.join(app, file), 'utf8'))
  const routeFiles = readdirSync(path.join(app, 'routes'))
    .filter((name) => name.endsWith('.tsx') && !name.includes('.test.'))
    .map((name) => `routes/${name}`)
  const inAreas = new Set(table.flatMap((r) => (r.files.length > 1 ? r.files : [])))
  const public_ = routeFiles.filter((f) => !inAreas.has(f) && readsUser(f))
  expect(public_.sort()).toEqual([...SIGNED_IN_VIEWS].sort())
  expect(routesOf('member', table).map((r) => r.path)).toEqual(
    expect.arrayContaining(['/', '/members', '/login', '/profile', '/members/profile']),
  )
  expect(routesOf('member', table).map((r) => r.path)).not.toContain('/admin')
  expect(routesOf('admin', table).map((r) => r.path)).toEqual(
    expect.arrayContaining(['/admin', '/editor', '/profile']),
  )
})

/** Every axe rule's outcome at WCAG 2.2 AA, node by node, on the page as it is now. */
async function axeOutcomes(page: Page): Promise<string[]> {
  await axeViolations(page, { only: ['document-title'] })
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: typeof axeRun } }).axe
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags } })
    return (['passes', 'incomplete', 'violations', 'inapplicable'] as const).flatMap((kind) =>
      r[kind].map((rule) => `${kind} ${rule.id}: ${rule.nodes.map((n) => n.target).join(' ')}`),
    )
  }, WCAG_TAGS)
}

/**
 * How many pixels of two screenshots of one size differ. The compositor draws the radio player's
 * shadow a few dozen pixels differently once the page has been resized; another theme or layout
 * changes many thousands.
 */
async function pixelsApart(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).ensureAlpha().raw().toBuffer()))
  if (x!.length !== y!.length) return Infinity
  let apart = 0
  for (let i = 0; i < x!.length; i += 4) if (x!.readUInt32BE(i) !== y!.readUInt32BE(i)) apart++
  return apart
}

for (const path of ['/about', '/faqs']) {
  for (const view of VIEWS.filter((v) => v.theme === 'dark' || v.viewport !== DESKTOP)) {
    test(`a page switched in place is the page loaded that way: ${path}, ${view.theme}, ${view.size}`, async ({
      browser,
    }) => {
      const shot = (page: Page) => page.screenshot({ animations: 'disabled', fullPage: true })
      const fresh = await (await themedContext(browser, view.theme, view.viewport)).newPage()
      await loadedStill(fresh, path)
      const loaded = { axe: await axeOutcomes(fresh), pixels: await shot(fresh) }
      await fresh.context().close()
      const switched = await load(browser, 'visitor', path)
      if (view.theme === 'dark') await switchTheme(switched, 'dark')
      await resize(switched, view.viewport)
      expect(await axeOutcomes(switched)).toEqual(loaded.axe)
      expect(await pixelsApart(await shot(switched), loaded.pixels)).toBeLessThan(200)
      await switched.context().close()
    })
  }
}
