import { readFileSync } from 'node:fs'
import { type Browser, expect, test } from '@playwright/test'
import { MEMBER_DATA_MESSAGES as M } from '../../contracts/member-data.ts'
import { axeViolations, baseURL, loginAs, loginHeaders, waitForHydration } from './helpers.ts'

/*
 * /profile's "Your data": a member downloads their data, then deletes their account by typing
 * their e-mail and is signed out. The member is made for the test (the shared seeded accounts
 * stay as other tests expect them).
 */

async function newMember(browser: Browser) {
  const admin = await browser.newContext()
  const adminPage = await admin.newPage()
  await loginAs(adminPage, 'admin')
  const email = `leaver-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const password = 'leaving the site'
  const created = await adminPage.request.post('/_api/admin/users/create', {
    data: { email, displayName: 'Leaving Member', password },
    headers: { origin: baseURL() },
  })
  expect(created.status()).toBe(201)
  await admin.close()
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const page = await context.newPage()
  const res = await page.request.post('/_api/auth/login_with_password', {
    data: { email, password },
    headers: loginHeaders(),
  })
  expect(res.ok()).toBe(true)
  return { context, page, email, password }
}

test('a member downloads their data, then deletes their account and is signed out', async ({
  browser,
}) => {
  const { context, page, email, password } = await newMember(browser)
  await page.goto('/profile')
  await waitForHydration(page)
  const card = page.getByRole('region', { name: 'Your data' })
  await expect(card).toBeVisible()

  // A refusal (here the hourly limit) is a toast with the server's message; no file is saved.
  const refusal = 'Too many downloads of your data. Please wait 59 minutes.'
  await page.route('**/_api/user/export', (route) =>
    route.fulfill({ status: 429, json: { error: refusal } }),
  )
  let saved = false
  page.on('download', () => (saved = true))
  await card.getByRole('button', { name: 'Download my data' }).click()
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .getByText(`Failed to download your data: ${refusal}`, { exact: true }),
  ).toBeVisible()
  await expect(card.getByRole('button', { name: 'Download my data' })).toBeFocused()
  expect(saved).toBe(false)
  await page.unroute('**/_api/user/export')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download my data' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    account: { email: string }
    sessions: unknown[]
  }
  expect(data.account.email).toBe(email)
  expect(data.sessions.length).toBeGreaterThan(0)

  await card.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete my account' })
  const confirm = dialog.getByRole('button', { name: 'Delete my account' })
  const typed = dialog.getByLabel(/Type your e-mail address/)
  await expect(confirm).toBeDisabled()
  await typed.fill('someone-else@example.com')
  await expect(confirm).toBeDisabled()
  // The same address in other letters' case confirms it.
  await typed.fill(email.toUpperCase())
  await expect(confirm).toBeEnabled()
  expect(await axeViolations(page)).toEqual([])
  await confirm.click()

  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText(M.deleted, { exact: true }),
  ).toBeVisible()
  await expect(page).toHaveURL(`${baseURL()}/`)
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible()
  const session = await page.request.get('/_api/auth/session')
  expect(await session.json()).toEqual({ user: null })
  const again = await page.request.post('/_api/auth/login_with_password', {
    data: { email, password },
    headers: loginHeaders(),
  })
  expect(again.status()).toBe(401)
  await context.close()
})
