import { expect, test } from '@playwright/test'
import { E2E } from '../support/e2e-accounts.ts'
import { SITE, waitForHydration } from './helpers.ts'

test('contact: validation on blur and on submit with the spec messages', async ({ page }) => {
  await page.goto('/contact')
  await expect(page).toHaveTitle(`Contact | ${SITE}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Join Our Discord' })).toHaveAttribute(
    'href',
    'https://discord.gg/astro-e2e',
  )
  await waitForHydration(page)

  await page.getByLabel('Name').fill('A')
  await page.getByLabel('Name').blur()
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible()
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Email').blur()
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible()

  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Subject must be at least 5 characters.')).toBeVisible()
  await expect(page.getByText('Message must be at least 10 characters.')).toBeVisible()
})

test('contact: a message is sent, arrives by e-mail, and the form can be used again', async ({
  page,
  request,
}) => {
  const subject = `Eyepiece question ${Date.now()}`
  await page.goto('/contact')
  await waitForHydration(page)
  await page.getByLabel('Name').fill('Ada Stargazer')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Subject').fill(subject)
  await page.getByLabel('Message').fill('Which eyepiece shows Saturn best in a 150 mm reflector?')
  // Hold the request until the submitting state has been checked, however slow the machine is.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/_api/contact/submit', async (route) => {
    await released
    await route.continue()
  })
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
  await expect(page.getByLabel('Subject')).toBeDisabled()
  release()
  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible()

  await expect
    .poll(async () => {
      const mails = (await (
        await request.get(`http://127.0.0.1:${E2E.fakesPort}/__mails`)
      ).json()) as Array<{ raw: string; to: string[] }>
      return mails.find((m) => m.raw.includes(subject))?.to ?? null
    })
    .toEqual(['owner@astro.example.org'])

  await page.getByRole('button', { name: 'Send Another Message' }).click()
  await expect(page.getByLabel('Name')).toHaveValue('')
  await expect(page.getByLabel('Subject')).toHaveValue('')
})
