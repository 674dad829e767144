import { expect, test, type Page } from '@playwright/test'
import { ACCOUNTS, SITE, waitForHydration } from './helpers.ts'

const LOGIN_API = '**/_api/auth/login_with_password'

/** Counts the login calls the page makes, so validation errors are shown to cost none. */
function countLoginCalls(page: Page): { count: number } {
  const calls = { count: 0 }
  page.on('request', (req) => {
    if (req.url().endsWith('/_api/auth/login_with_password')) calls.count++
  })
  return calls
}

test.describe('/admin/login', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/admin/login')
    await waitForHydration(page)
  })

  test('shows the Admin Panel form and validates the fields without calling the server', async ({
    page,
  }) => {
    const calls = countLoginCalls(page)
    await expect(page).toHaveTitle(`Admin Login | ${SITE}`)
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible()
    await expect(page.getByText('Please log in to manage website content')).toBeVisible()
    await expect(page.getByLabel('Email')).toBeVisible()
    await expect(page.getByLabel('Password')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Log In' })).toBeEnabled()

    const email = page.getByLabel('Email')
    const password = page.getByLabel('Password')

    await email.focus()
    await email.blur()
    await expect(page.getByText('Email is required')).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription('Email is required')

    await email.fill(ACCOUNTS.admin.email)
    await email.blur()
    await expect(page.getByText('Email is required')).toHaveCount(0)
    expect(calls.count).toBe(0)

    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page.getByText('Password is required')).toBeVisible()
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await expect(password).toHaveAccessibleDescription('Password is required')
    await expect(page).toHaveURL('/admin/login')
    expect(calls.count).toBe(0)
  })

  test('a wrong password shows the error and stays on the page', async ({ page }) => {
    await page.getByLabel('Email').fill(ACCOUNTS.admin.email)
    await page.getByLabel('Password').fill('not-the-password')
    const answer = page.waitForResponse(LOGIN_API)
    await page.getByRole('button', { name: 'Log In' }).click()
    expect((await answer).status()).toBe(401)

    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }),
    ).toBeVisible()
    await expect(page).toHaveURL('/admin/login')
    await expect(page.getByRole('button', { name: 'Log In' })).toBeEnabled()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Member Login' })).toBeVisible()
  })

  test('success shows Logging in..., then goes to / about 0.2 s later as admin', async ({
    page,
  }) => {
    // Hold the request until the submitting state has been checked, however slow the machine is.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(LOGIN_API, async (route) => {
      await released
      await route.continue()
    })
    // Chromium's Navigation API reports the router's pushState as a 'navigate' event.
    await page.evaluate(() => {
      const nav = (window as unknown as { navigation: EventTarget }).navigation
      nav.addEventListener('navigate', () => {
        ;(window as unknown as { __navigatedAt?: number }).__navigatedAt ??= performance.now()
      })
    })
    await page.getByLabel('Email').fill(ACCOUNTS.admin.email)
    await page.getByLabel('Password').fill(ACCOUNTS.admin.password)
    const answer = page.waitForResponse(LOGIN_API)
    await page.getByRole('button', { name: 'Log In' }).click()

    const busy = page.getByRole('button', { name: 'Logging in...' })
    await expect(busy).toBeVisible()
    await expect(busy).toBeDisabled()
    await expect(page.getByLabel('Email')).toBeDisabled()
    release()

    expect((await answer).ok()).toBe(true)
    await page.waitForURL('/')
    // Measured in the page: from the end of the login response to the client-side navigation.
    const delay = await page.evaluate(() => {
      const login = performance
        .getEntriesByType('resource')
        .find((e) => e.name.endsWith('/_api/auth/login_with_password')) as
        PerformanceResourceTiming | undefined
      const navigatedAt = (window as unknown as { __navigatedAt?: number }).__navigatedAt
      return login && navigatedAt !== undefined ? navigatedAt - login.responseEnd : null
    })
    expect(delay, 'login response and navigation were both observed').not.toBeNull()
    // REDIRECT_AFTER_LOGIN_MS is 200 ("about 0.2 s").
    expect(delay!).toBeGreaterThanOrEqual(180)
    expect(delay!).toBeLessThan(1_500)

    await expect(page).toHaveTitle(`Home | ${SITE}`)
    const account = page.getByRole('banner').getByRole('navigation', { name: 'Account' })
    await expect(account.getByRole('link', { name: 'Admin', exact: true })).toBeVisible()
    await expect(account.getByRole('link', { name: ACCOUNTS.admin.displayName })).toBeVisible()
    await expect(account.getByRole('link', { name: 'Member Login' })).toHaveCount(0)
  })
})
