import { expect, type Page, test } from '@playwright/test'
import { ACCOUNTS, loginAs, waitForHydration } from './helpers.ts'

async function openAdmin(page: Page, tab: string) {
  await loginAs(page, 'admin')
  await page.goto(`/admin?tab=${tab}`)
  await waitForHydration(page)
}

test('a field says nothing while first typed, tells on submit, follows each change, and takes the server’s message', async ({
  page,
}) => {
  await openAdmin(page, 'users')
  await page.getByRole('button', { name: 'Create User' }).click()
  const create = page.getByRole('dialog', { name: 'Create User' })
  const email = create.getByLabel('Email')
  const save = create.getByRole('button', { name: 'Create User' })

  await create.getByLabel('Display name').fill('Vega Form')
  await create.getByLabel('Password').fill('a long password')
  await email.fill('vega')
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')
  await expect(create.getByText('Invalid email address')).toHaveCount(0)

  await save.click()
  await expect(email).toHaveAccessibleDescription('Invalid email address')
  await email.pressSequentially('@example.org')
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')
  await expect(create.getByText('Invalid email address')).toHaveCount(0)
  await email.fill('vega@')
  await expect(email).toHaveAccessibleDescription('Invalid email address')

  // An e-mail another account has: the server's 409 lands under the field.
  await email.fill(ACCOUNTS.admin.email)
  const answer = page.waitForResponse('**/_api/admin/users/create')
  await save.click()
  expect((await answer).status()).toBe(409)
  await expect(email).toHaveAccessibleDescription('A user with this email already exists')
  await expect(create).toBeVisible()
})

test('a message from the server’s field details shows under its field', async ({ page }) => {
  await loginAs(page, 'member')
  await page.goto('/profile')
  await waitForHydration(page)
  const current = page.getByLabel('Current password')
  await current.fill('not my password')
  await page.getByLabel('New password', { exact: true }).fill('a new long password')
  await page.getByLabel('Confirm new password').fill('a new long password')
  const answer = page.waitForResponse('**/_api/user/profile/update-password')
  await page.getByRole('button', { name: 'Change Password' }).click()
  const res = await answer
  expect(res.status()).toBe(400)
  expect(((await res.json()) as { details: unknown }).details).toEqual({
    currentPassword: ['Current password is incorrect.'],
  })
  await expect(current).toHaveAccessibleDescription('Current password is incorrect.')
  await expect(page.getByLabel('Confirm new password')).not.toHaveAttribute('aria-invalid', 'true')
})
