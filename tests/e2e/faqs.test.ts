import { expect, test } from '@playwright/test'
import { SITE, waitForHydration } from './helpers.ts'

test('FAQs: the first is open, several can be open at once, each shows its last update', async ({
  page,
}) => {
  await page.goto('/faqs')
  await expect(page).toHaveTitle(`FAQs | ${SITE}`)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
  ).toBeVisible()
  await waitForHydration(page)
  const first = page.getByRole('button', { name: 'What telescope should I buy first?' })
  const second = page.getByRole('button', { name: 'When is the best time to see the aurora?' })
  await expect(first).toHaveAttribute('aria-expanded', 'true')
  await expect(second).toHaveAttribute('aria-expanded', 'false')
  await second.click()
  await expect(first).toHaveAttribute('aria-expanded', 'true')
  await expect(second).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText(/^Last updated: \d{1,2}\/\d{1,2}\/\d{4}$/).first()).toBeVisible()
  // Six seeded questions: two open now, the other four still closed.
  await expect(page.getByRole('main').getByRole('button', { expanded: true })).toHaveCount(2)
  await expect(page.getByRole('main').getByRole('button', { expanded: false })).toHaveCount(4)
})

test('FAQs carry FAQPage structured data', async ({ request }) => {
  const html = await (await request.get('/faqs')).text()
  const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!)
  expect(ld['@type']).toBe('FAQPage')
  expect(ld.mainEntity[0]).toMatchObject({
    '@type': 'Question',
    name: 'What telescope should I buy first?',
  })
})
