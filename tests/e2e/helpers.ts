import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults, RunOptions, run as axeRun } from 'axe-core'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { FAKE_YOUTUBE } from '../fakes/media.ts'
import { E2E } from '../support/e2e-accounts.ts'
import type { AdminSend } from '../support/factories.ts'
import type { NewsletterSeed } from '../support/newsletter-seed.ts'

export const SITE = 'Astro Cosmos'
export const ACCOUNTS = { admin: E2E.admin, member: E2E.member } as const

let signIns = 0
/**
 * Headers for an API sign-in: the site's origin, and a client address of its own. The e2e server
 * trusts one proxy hop (TRUST_PROXY=1), so each sign-in counts against the per-network login
 * limit (20 in 15 minutes) of its own address, as real visitors do; the suite signs in far more
 * often than 20 times from one machine. Tests of the limit itself send no such header.
 */
export function loginHeaders(): Record<string, string> {
  signIns += 1
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 250
  return {
    origin: baseURL(),
    'x-forwarded-for': `198.18.${worker}.${(signIns % 250) + 1}`,
  }
}

/**
 * Signs in through the API (not the UI); the session cookie lands in the page's browser context.
 */
export async function loginAs(page: Page, who: keyof typeof ACCOUNTS): Promise<void> {
  const { email, password } = ACCOUNTS[who]
  const res = await page.request.post('/_api/auth/login_with_password', {
    data: { email, password },
    headers: loginHeaders(),
  })
  expect(res.ok(), `login as ${who} answered ${res.status()}`).toBe(true)
}

export function baseURL(): string {
  return `http://127.0.0.1:${E2E.port}`
}

/** An admin's JSON POST from a signed-in request context, for the factories of tests/support. */
export function adminSend(request: APIRequestContext): AdminSend {
  return async (path, json) => {
    const res = await request.post(path, { data: json, headers: { origin: baseURL() } })
    return { status: res.status(), text: await res.text() }
  }
}

let contacts = 0
/**
 * A visitor's message through the contact form's API, from an address of its own (the form
 * allows 5 an hour per address).
 */
export async function sendContactMessage(
  request: APIRequestContext,
  fields: { name: string; email: string; subject: string; message: string },
): Promise<void> {
  contacts += 1
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 250
  const res = await request.post('/_api/contact/submit', {
    data: fields,
    headers: {
      origin: baseURL(),
      'x-forwarded-for': `198.19.${worker}.${((Date.now() + contacts) % 250) + 1}`,
    },
  })
  expect(res.ok(), `contact answered ${res.status()}`).toBe(true)
}

/**
 * Switches the colour scheme of a page whose theme is Auto and waits for the colours to settle
 * (some controls change colour with a transition), so axe measures the final contrast.
 */
export async function showScheme(page: Page, scheme: 'dark' | 'light'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme })
  await expect(page.locator('html')).toHaveClass(
    scheme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/,
  )
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

/** The app is hydrated once the page-view effect has run (it only runs in the browser). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => ((window as unknown as { __pageviews?: unknown[] }).__pageviews?.length ?? 0) > 0,
  )
}

/** A value set on window survives client-side navigations and is lost on a full document load. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    ;(window as unknown as { __e2eMarker?: string }).__e2eMarker = 'same-document'
  })
}

export async function expectSameDocument(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker),
    'navigation was client-side (no full document load)',
  ).toBe('same-document')
}

/**
 * A client-side navigation through the app's own data router (exposed by React Router's
 * HydratedRouter), for targets no link on the page points to.
 */
export async function clientNavigate(page: Page, to: string): Promise<void> {
  await page.evaluate(
    (target) =>
      (
        window as unknown as {
          __reactRouterDataRouter: { navigate: (to: string) => Promise<void> }
        }
      ).__reactRouterDataRouter.navigate(target),
    to,
  )
}

/** The WCAG levels every axe check in these tests holds the site to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** axe-core's script, injected into the page under test. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/**
 * axe-core's violations at WCAG 2.2 AA on the page as it is now, reported in the page itself
 * (the site has no frames axe would enter). axe is injected once per document: a check through
 * axe's Playwright wrapper injected its 550 KB twice every time and made seven calls into the page,
 * 3–5 s a check on a loaded machine, and the accessibility walks make about two hundred of them.
 * `rules` adds rules beyond the WCAG ones (axe's best practices); `only` runs just the rules named
 * (the colour rules, for a page already checked in the other theme); `include` checks only what
 * a selector matches.
 */
export async function axeViolations(
  page: Page,
  { rules = [], only, include }: { rules?: string[]; only?: string[]; include?: string } = {},
): Promise<AxeResults['violations']> {
  const options: RunOptions = {
    resultTypes: ['violations'],
    iframes: false,
    runOnly: only ? { type: 'rule', values: only } : { type: 'tag', values: WCAG_TAGS },
    rules: Object.fromEntries(rules.map((rule) => [rule, { enabled: true }])),
  }
  const run = () =>
    page.evaluate(
      async ({ options, include }) => {
        const axe = (window as { axe?: { run: typeof axeRun } }).axe
        if (typeof axe?.run !== 'function') return null
        // A control that just changed state (enabled, opened, its theme switched) may still be
        // fading: axe measures the colours it settles on, not a blend on the way.
        await Promise.all(
          document
            .getAnimations()
            .filter((a) => a instanceof CSSTransition)
            .map((a) => a.finished.catch(() => undefined)),
        )
        const context = include ? { include: [include] } : document
        return (await axe.run(context, options)).violations
      },
      { options, include },
    )
  const found = await run()
  if (found) return found
  await page.evaluate(AXE_SOURCE)
  return (await run())!
}

/**
 * Syncs the fake channel through the API. Another test may have put the fake in a failure mode
 * for a moment (the sync failure test): tried again until it answers.
 */
export async function syncByApi(page: Page) {
  await expect(async () => {
    const res = await page.request.post('/_api/youtube/sync', {
      data: { channelId: FAKE_YOUTUBE.channelId },
      headers: { origin: baseURL() },
    })
    expect(res.ok(), `sync answered ${res.status()}`).toBe(true)
  }).toPass({ timeout: 20_000 })
}

/** Videos to work on: the cache is filled by a sync when nobody has done it yet. */
/**
 * Subscribers and a send written into the e2e server's database (tests/support/newsletter-seed.ts);
 * answers the send's id.
 */
export async function seedNewsletter(page: Page, data: NewsletterSeed): Promise<number | null> {
  const res = await page.request.post(`http://127.0.0.1:${E2E.fakesPort}/__newsletter/seed`, {
    data,
  })
  expect(res.ok(), await res.text()).toBe(true)
  return ((await res.json()) as { sendId: number | null }).sendId
}

export async function ensureVideos(page: Page) {
  const res = await page.request.get('/_api/youtube/list?limit=1')
  const { pagination } = (await res.json()) as { pagination: { total: number } }
  if (pagination.total === 0) await syncByApi(page)
}

/**
 * Runs `body` with an invoice of its own, made through the API (a client named `client`, one
 * item unless `fields` say otherwise), and deletes it afterwards whatever happens.
 */
export async function withInvoice(
  page: Page,
  client: string,
  body: (invoice: { id: number; invoiceNumber: string }) => Promise<void>,
  fields: Record<string, unknown> = {},
): Promise<void> {
  const created = await page.request.post('/_api/invoices/create', {
    data: {
      clientName: client,
      clientEmail: 'observatory@example.com',
      invoiceDate: '2026-11-22',
      dueDate: '2026-12-22',
      items: [{ description: 'Dome survey', quantity: 1, rate: 10 }],
      ...fields,
    },
    headers: { origin: baseURL() },
  })
  expect(created.ok(), `creating an invoice answered ${created.status()}`).toBe(true)
  const invoice = (await created.json()) as { id: number; invoiceNumber: string }
  try {
    await body(invoice)
  } finally {
    const deleted = await page.request.post('/_api/invoices/delete', {
      data: { invoiceId: invoice.id },
      headers: { origin: baseURL() },
    })
    expect(deleted.ok(), `deleting the invoice answered ${deleted.status()}`).toBe(true)
  }
}
