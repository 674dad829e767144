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
  await openAdmin(page, 'faqs')
  await page.getByRole('button', { name: 'New FAQ Section' }).click()
  const faq = page.getByRole('dialog', { name: 'Create FAQ Section' })
  await faq.getByLabel('Title').fill('Is markup without words an answer?')
  // The form's schema takes any text; the server finds no words in this markup.
  await faq.getByLabel('Content').fill('<p> </p>')
  const answer = page.waitForResponse('**/_api/faqs/create')
  await faq.getByRole('button', { name: 'Save' }).click()
  const res = await answer
  expect(res.status()).toBe(400)
  expect(((await res.json()) as { details: unknown }).details).toEqual({
    content: ['Content is required'],
  })
  await expect(faq.getByLabel('Content')).toHaveAccessibleDescription('Content is required')
  await expect(faq.getByLabel('Title')).not.toHaveAttribute('aria-invalid', 'true')
})
