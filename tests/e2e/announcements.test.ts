import { expect, type Page, test } from '@playwright/test'
import { axeViolations, loginAs, waitForHydration } from './helpers.ts'

// Records of their own (a unique suffix), so the test can run beside others on one server.
const unique = () => Math.random().toString(36).slice(2, 8)

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })
}

test('an admin writes an announcement; a member reads it and sees it on the members page', async ({
  browser,
}) => {
  test.slow()
  const title = `Star party at the dark site ${unique()}`

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await loginAs(admin, 'admin')
  await admin.goto('/admin?tab=announcements')
  await waitForHydration(admin)
  await admin.getByRole('tab', { name: 'Announcements' }).waitFor()
  await admin.getByRole('button', { name: 'New Announcement' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Create Announcement' })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Title is required')).toBeVisible()
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByRole('textbox', { name: 'Content' }).click()
  await admin.keyboard.type('Bring red lights and a warm coat.')
  expect(await axeViolations(admin)).toEqual([])
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(admin, 'Announcement created successfully.')).toBeVisible()
  await expect(admin.getByRole('row', { name: new RegExp(title) })).toBeVisible()
  await adminContext.close()

  const memberContext = await browser.newContext()
  const member = await memberContext.newPage()
  await loginAs(member, 'member')
  const res = await member.goto('/announcements')
  expect(res?.status()).toBe(200)
  await expect(
    member.getByRole('heading', { level: 1, name: 'Special Announcements' }),
  ).toBeVisible()
  const item = member
    .getByRole('listitem')
    .filter({ has: member.getByRole('heading', { name: title }) })
  await expect(item).toContainText('Bring red lights and a warm coat.')
  await expect(item.locator('time')).toBeVisible()
  await waitForHydration(member)
  expect(await axeViolations(member)).toEqual([])

  // The members page names the newest one on its card, in the server's HTML already.
  const html = await (await member.request.get('/members')).text()
  expect(html).toContain(title)
  await member.goto('/members')
  const card = member.getByRole('heading', { name: 'Special Announcements' }).locator('..')
  await expect(card).toContainText(`Latest: ${title}`)
  await memberContext.close()
})

test('a visitor is sent to sign in from /announcements', async ({ page }) => {
  const res = await page.goto('/announcements')
  expect(res?.status()).toBe(401)
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText('You must be logged in to view the members area.')).toBeVisible()
  const login = page.getByRole('main').getByRole('link', { name: 'Login', exact: true })
  await expect(login).toHaveAttribute('href', '/login')
  await waitForHydration(page)
  expect(await axeViolations(page)).toEqual([])
  await login.click()
  await expect(page).toHaveURL('/login')
})
