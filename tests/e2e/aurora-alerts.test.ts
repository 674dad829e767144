import { type Browser, expect, test } from '@playwright/test'
import { axeViolations, baseURL, loginAs, loginHeaders, waitForHydration } from './helpers.ts'

/*
 * /profile's "Aurora alerts": a member turns them on for a place found by name, with a Kp of
 * their own, and they are there after a reload; the card is axe clean and fits a phone. Each
 * test signs in as a member made for it (the alerts change the account's newsletter
 * subscription, which other tests read for the shared member).
 */

async function newMember(browser: Browser, width: number) {
  const admin = await browser.newContext()
  const adminPage = await admin.newPage()
  await loginAs(adminPage, 'admin')
  const email = `aurora-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const password = 'aurora watcher'
  const created = await adminPage.request.post('/_api/admin/users/create', {
    data: { email, displayName: 'Aurora Watcher', password },
    headers: { origin: baseURL() },
  })
  expect(created.status()).toBe(201)
  await admin.close()
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  const res = await page.request.post('/_api/auth/login_with_password', {
    data: { email, password },
    headers: loginHeaders(),
  })
  expect(res.ok()).toBe(true)
  return { context, page }
}

test('a member turns aurora alerts on for a town, with their own Kp, and finds them after a reload', async ({
  browser,
}) => {
  const { context, page } = await newMember(browser, 1366)
  await page.goto('/profile')
  await waitForHydration(page)
  const card = page.getByRole('region', { name: 'Aurora alerts' })
  await expect(card.getByText('Choose the place to watch the sky from.')).toBeVisible()

  await card.getByLabel('Send me aurora alerts').check()
  await card.getByRole('button', { name: 'Save aurora alerts' }).click()
  await expect(card.getByText('Choose the place to watch the sky from.').last()).toBeVisible()

  await card.getByRole('combobox', { name: 'Place for aurora alerts' }).fill('Tromso')
  await card
    .getByRole('option', { name: /^Tromsø/ })
    .first()
    .click()
  await expect(card.getByTestId('aurora-place')).toHaveText(/Watching from Tromsø/)
  await card.getByLabel('Alert me at').selectOption({ label: 'Kp 5 (G1, a minor storm)' })
  await card.getByRole('button', { name: 'Save aurora alerts' }).click()
  // A password account confirms its address first (the mail goes to the subscription).
  await expect(card.getByText(/Saved\. Alerts start once you confirm your address/)).toBeVisible()
  // The form shows what was saved, still by the town's name.
  await expect(card.getByTestId('aurora-place')).toHaveText(/Watching from Tromsø/)

  const saved = (await (await page.request.get('/_api/user/aurora-alerts')).json()) as Record<
    string,
    unknown
  >
  expect(saved).toMatchObject({ enabled: true, threshold: 5, defaultThreshold: 4 })
  expect(saved.lat).toBeCloseTo(69.65, 1)

  await page.reload()
  await waitForHydration(page)
  await expect(card.getByLabel('Send me aurora alerts')).toBeChecked()
  await expect(card.getByLabel('Alert me at')).toHaveValue('5')
  await expect(card.getByTestId('aurora-place')).toHaveText(
    /Watching from 69\.\d\d° N, 18\.\d\d° E/,
  )
  // The newsletter card above shows the subscription the alerts made: sky alerts only.
  const mail = page.getByRole('region', { name: /^E-mail from / })
  await expect(mail.getByLabel('Sky alerts')).toBeChecked()
  await expect(mail.getByLabel('New posts')).not.toBeChecked()

  await card.getByLabel('Send me aurora alerts').uncheck()
  await card.getByRole('button', { name: 'Save aurora alerts' }).click()
  await expect(card.getByText('Aurora alerts saved.')).toBeVisible()
  await expect(mail.getByLabel('Sky alerts')).not.toBeChecked()
  await context.close()
})

for (const width of [360, 1366]) {
  test(`the aurora alerts card fits ${width} px and is axe clean in both themes`, async ({
    browser,
  }) => {
    const { context, page } = await newMember(browser, width)
    await page.goto('/profile')
    await waitForHydration(page)
    const card = page.getByRole('region', { name: 'Aurora alerts' })
    await card.scrollIntoViewIfNeeded()
    await expect(card.getByLabel('Alert me at')).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
    for (const scheme of ['dark', 'light'] as const) {
      await context.addCookies([{ name: 'theme', value: 'auto', url: baseURL() }])
      await page.emulateMedia({ colorScheme: scheme })
      await page.reload()
      await waitForHydration(page)
      await expect(card.getByLabel('Alert me at')).toBeVisible()
      const violations = await axeViolations(page, {
        include: 'section[aria-labelledby="aurora-alerts-title"]',
      })
      expect(violations.map((v) => `${scheme}: ${v.id} ${v.help}`)).toEqual([])
    }
    await context.close()
  })
}
