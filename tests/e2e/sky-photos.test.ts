import { expect, test } from '@playwright/test'
import type { ApodResponse } from '../../contracts/sky.ts'
import { waitForHydration } from './helpers.ts'
import { skyUpstream } from './sky-helpers.ts'

const SCOPE = { scope: 'apod' } as const

test.describe.configure({ mode: 'serial' })

test.afterAll(async ({ request }) => {
  await skyUpstream(request, { apod: 'ok' }, { mode: 'clear', ...SCOPE })
})

test('opens on the Community Gallery tab; the picture-of-the-day tab shows the featured image and 11 more', async ({
  page,
  request,
}) => {
  await skyUpstream(request, { apod: 'ok' }, { mode: 'clear', ...SCOPE })
  await page.goto('/photos')
  await expect(page.getByRole('heading', { level: 1, name: 'Photo Galleries' })).toBeVisible()
  const community = page.getByRole('tab', { name: 'Community Gallery' })
  await expect(community).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel')).toContainText('Astrophotos shared by the members')
  await expect(page.getByRole('heading', { name: "Today's Featured Image" })).toBeHidden()
  await waitForHydration(page)

  await page.getByRole('tab', { name: 'Astronomy Picture of the Day' }).click()
  await expect(page).toHaveURL('/photos?tab=apod')
  const { items } = (await (await request.get('/_api/apod')).json()) as ApodResponse
  expect(items).toHaveLength(12)
  const featured = page.getByRole('region', { name: "Today's Featured Image" })
  await expect(featured.getByRole('heading', { level: 3 })).toHaveText(items[0]!.title)
  const source = featured.getByRole('link', { name: /View on APOD/ })
  await expect(source).toHaveAttribute('href', items[0]!.link)
  await expect(source).toHaveAttribute('target', '_blank')
  await expect(source).toHaveAttribute('rel', 'noopener noreferrer')

  const cards = page.getByRole('region', { name: 'More Recent Images' }).getByRole('link')
  await expect(cards).toHaveCount(11)
  for (const [i, item] of items.slice(1).entries()) {
    await expect(cards.nth(i)).toHaveAttribute('href', item.link)
    await expect(cards.nth(i)).toContainText(item.title)
    await expect(cards.nth(i)).toHaveAttribute('target', '_blank')
  }
  await expect(
    page.getByText(/^Last updated .* · Source: NASA’s Astronomy Picture of the Day$/),
  ).toBeVisible()
})

test('the pictures are in the server-rendered page, and ?tab=apod opens that tab', async ({
  page,
  request,
}) => {
  const { items } = (await (await request.get('/_api/apod')).json()) as ApodResponse
  expect(await (await request.get('/photos')).text()).toContain(items[0]!.title)
  await page.goto('/photos?tab=apod')
  await expect(page.getByRole('tab', { name: 'Astronomy Picture of the Day' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page.getByRole('heading', { name: "Today's Featured Image" })).toBeVisible()
})

test('APOD answering HTML with nothing cached: Error Fetching Images; Refresh tries again', async ({
  page,
  request,
}) => {
  await skyUpstream(request, { apod: 'html' }, { mode: 'clear', ...SCOPE })
  // With no copy from the server, the browser asks once itself after hydration; that attempt must
  // have failed too before the upstream recovers, or the page recovers without the button.
  const ownAttempt = page.waitForResponse((r) => new URL(r.url()).pathname === '/_api/apod')
  const response = await page.goto('/photos?tab=apod')
  expect(response?.status()).toBe(200)
  const alert = page.getByRole('alert')
  await expect(alert.getByRole('heading', { name: 'Error Fetching Images' })).toBeVisible()
  await expect(alert).toContainText('Failed to fetch APOD data')
  await waitForHydration(page)
  expect((await ownAttempt).ok()).toBe(false)
  await expect(alert.getByRole('button', { name: 'Refresh' })).toBeEnabled()

  await skyUpstream(request, { apod: 'ok' }, { mode: 'clear', ...SCOPE })
  await alert.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByRole('heading', { name: "Today's Featured Image" })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'More Recent Images' }).getByRole('link'),
  ).toHaveCount(11)
})

test('an empty range: No Images Found', async ({ page, request }) => {
  await skyUpstream(request, { apod: 'empty' }, { mode: 'clear', ...SCOPE })
  await page.goto('/photos?tab=apod')
  await expect(page.getByRole('heading', { name: 'No Images Found' })).toBeVisible()
})

test('a hanging APOD: 1 featured and 11 card skeletons, then the error', async ({
  page,
  request,
}) => {
  await skyUpstream(request, { apod: 'timeout' }, { mode: 'clear', ...SCOPE })
  // The page arrives after the render's 2 s wait, with skeletons; the upstream gives up after 6 s.
  await page.goto('/photos?tab=apod', { waitUntil: 'commit' })
  const skeleton = page.getByRole('status', { name: 'Loading images' })
  await expect(skeleton).toBeVisible()
  await expect(skeleton.getByRole('listitem')).toHaveCount(11)
  await expect(page.getByRole('heading', { name: 'Error Fetching Images' })).toBeVisible({
    timeout: 20_000,
  })
})

test('rate-limited after a good copy: the older pictures stay, marked as such', async ({
  page,
  request,
}) => {
  await skyUpstream(request, { apod: 'ok' }, { mode: 'clear', ...SCOPE })
  await page.goto('/photos?tab=apod')
  await expect(page.getByRole('heading', { name: "Today's Featured Image" })).toBeVisible()
  await skyUpstream(request, { apod: 'rate-limited' }, { mode: 'expire', ...SCOPE })
  await page.reload()
  await expect(page.getByRole('heading', { name: "Today's Featured Image" })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Showing older data.' })).toContainText(
    'NASA’s Astronomy Picture of the Day is not answering right now',
  )
})
