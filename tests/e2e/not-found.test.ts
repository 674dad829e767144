import { expect, test } from '@playwright/test'
import { SITE } from './helpers.ts'

test.describe('not found and plain-text routes', () => {
  test('an unknown path answers 404 with a Not Found page whose link goes home', async ({
    page,
  }) => {
    const response = await page.goto('/this-does-not-exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await expect(page).toHaveTitle(`Page Not Found | ${SITE}`)

    const home = page.getByRole('main').getByRole('link', { name: 'Go back home' })
    await expect(home).toHaveAttribute('href', '/')
    await home.click()
    await expect(page).toHaveURL('/')
    await expect(page).toHaveTitle(`Home | ${SITE}`)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0)
  })

  test('/ads.txt and /tiktok-verify.txt show their lines', async ({ page }) => {
    const response = await page.goto('/ads.txt')
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-type']).toMatch(/^text\/plain/)
    await expect(
      page.getByText('google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0'),
    ).toBeVisible()

    const verify = await page.goto('/tiktok-verify.txt')
    expect(verify?.status()).toBe(200)
    expect(verify?.headers()['content-type']).toMatch(/^text\/plain/)
    await expect(page.getByText('tiktok-developers-site-verification=e2e')).toBeVisible()
  })
})
