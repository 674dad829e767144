import { expect, type Page } from '@playwright/test'
import { E2E } from '../support/e2e-accounts.ts'

export const SITE = 'Astro Cosmos'
export const ACCOUNTS = { admin: E2E.admin, member: E2E.member } as const

/**
 * Signs in through the API (not the UI); the session cookie lands in the page's browser context.
 * Every call counts against the login rate limit, so use it once per test at most.
 */
export async function loginAs(page: Page, who: keyof typeof ACCOUNTS): Promise<void> {
  const { email, password } = ACCOUNTS[who]
  const res = await page.request.post('/_api/auth/login_with_password', {
    data: { email, password },
    headers: { origin: baseURL() },
  })
  expect(res.ok(), `login as ${who} answered ${res.status()}`).toBe(true)
}

export function baseURL(): string {
  return `http://127.0.0.1:${E2E.port}`
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
