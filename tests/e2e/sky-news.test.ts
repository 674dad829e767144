import { expect, test } from '@playwright/test'
import { waitForHydration } from './helpers.ts'
import { skyUpstream } from './sky-helpers.ts'

// The fake feeds: NASA, Sky & Telescope and Space.com (RSS 2.0, 5 items each) and ESO (Atom, 3
// usable entries, one of them a copy of a NASA story): 17 stories, the newest Space.com's.
const SCOPE = { scope: 'news' } as const
const NEWEST = 'Northern lights may reach the northern US on June 19 as a CME heads for Earth'

test.describe.configure({ mode: 'serial' })

test.afterAll(async ({ request }) => {
  await skyUpstream(request, { news: 'ok' }, { mode: 'clear', ...SCOPE })
})

test('lists every source’s news, newest first, the first one promoted, each linking out', async ({
  page,
  request,
}) => {
  await skyUpstream(request, { news: 'ok' }, { mode: 'clear', ...SCOPE })
  const response = await page.goto('/astronomy-news')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Astronomy News' })).toBeVisible()

  const featured = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
  await expect(featured.getByRole('heading', { level: 2 })).toHaveText(NEWEST)
  await expect(featured.getByText('Space.com', { exact: true })).toHaveAttribute(
    'data-known-source',
    'true',
  )

  const more = page.getByRole('list', { name: 'More news' }).getByRole('article')
  await expect(more).toHaveCount(16)
  await expect(more.first().getByRole('heading', { level: 3 })).toHaveText(
    'NASA’s Roman Space Telescope Completes Final Pre-Launch Tests',
  )
  for (const source of ['NASA', 'Sky & Telescope', 'Space.com', 'ESO'])
    await expect(page.getByText(source, { exact: true }).first()).toHaveAttribute(
      'data-known-source',
      'true',
    )
  await expect(page.getByRole('heading', { name: /Psyche/ })).toHaveCount(1)
  await expect(page.getByText('appeared first on')).toHaveCount(0)

  const link = featured.getByRole('link', { name: NEWEST, exact: true })
  await expect(link).toHaveAttribute(
    'href',
    'https://www.space.com/stargazing/auroras/northern-lights-may-reach-northern-us-june-19-cme',
  )
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', /noopener/)
  for (const a of await page.getByRole('main').getByRole('link').all()) {
    await expect(a).toHaveAttribute('target', '_blank')
    await expect(a).toHaveAttribute('rel', 'noopener noreferrer')
  }
  await expect(page.getByText(/^Last updated /)).toBeVisible()
})

test('one feed failing leaves the others on the page and says which is missing', async ({
  page,
  request,
}) => {
  await skyUpstream(request, { news: 'ok', 'news:spacecom': 'html' }, { mode: 'clear', ...SCOPE })
  await page.goto('/astronomy-news')
  await expect(page.getByRole('article')).toHaveCount(12)
  await expect(page.getByText('Space.com', { exact: true })).toHaveCount(0)
  await expect(
    page.getByRole('status').filter({ hasText: 'Space.com is not answering right now' }),
  ).toBeVisible()
})

test('every feed down with nothing cached: Error Fetching News, and Refresh Page reloads', async ({
  page,
  request,
}) => {
  await skyUpstream(request, { news: 'rate-limited' }, { mode: 'clear', ...SCOPE })
  // The browser asks once itself after hydration; that attempt must fail too before the feeds
  // recover, or the page recovers without the button.
  const ownAttempt = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/_api/news/combined',
  )
  const response = await page.goto('/astronomy-news')
  expect(response?.status()).toBe(200)
  const alert = page.getByRole('alert')
  await expect(alert.getByRole('heading', { name: 'Error Fetching News' })).toBeVisible()
  await expect(alert).toContainText('Failed to fetch combined news')
  await waitForHydration(page)
  expect((await ownAttempt).ok()).toBe(false)
  await expect(alert.getByRole('button', { name: 'Refresh Page' })).toBeVisible()

  await skyUpstream(request, { news: 'ok' }, { mode: 'clear', ...SCOPE })
  await Promise.all([
    page.waitForEvent('load'),
    alert.getByRole('button', { name: 'Refresh Page' }).click(),
  ])
  await expect(page.getByRole('heading', { level: 2, name: NEWEST })).toBeVisible()
})

test('feeds with nothing in them: No News Available', async ({ page, request }) => {
  await skyUpstream(request, { news: 'empty' }, { mode: 'clear', ...SCOPE })
  await page.goto('/astronomy-news')
  await expect(page.getByRole('heading', { name: 'No News Available' })).toBeVisible()
})

test('hanging feeds: 8 skeleton rows while loading, then the error', async ({ page, request }) => {
  await skyUpstream(request, { news: 'timeout' }, { mode: 'clear', ...SCOPE })
  // The page arrives after the render's 2 s wait, with skeletons; the upstream gives up after 6 s.
  await page.goto('/astronomy-news', { waitUntil: 'commit' })
  const skeleton = page.getByRole('status', { name: 'Loading news' })
  await expect(skeleton).toBeVisible()
  await expect(skeleton.getByRole('listitem')).toHaveCount(8)
  await expect(page.getByRole('heading', { name: 'Error Fetching News' })).toBeVisible({
    timeout: 20_000,
  })
})

test('feeds down after a good copy: the older news stays, marked as such', async ({
  page,
  request,
}) => {
  await skyUpstream(request, { news: 'ok' }, { mode: 'clear', ...SCOPE })
  await page.goto('/astronomy-news')
  await expect(page.getByRole('heading', { level: 2, name: NEWEST })).toBeVisible()
  await skyUpstream(request, { news: 'malformed' }, { mode: 'expire', ...SCOPE })
  await page.reload()
  await expect(page.getByRole('heading', { level: 2, name: NEWEST })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Showing older data.' })).toContainText(
    'The news sources are not answering right now',
  )
})
