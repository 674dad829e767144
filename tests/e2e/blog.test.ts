import { expect, test } from '@playwright/test'
import {
  ACCOUNTS,
  SITE,
  baseURL,
  expectSameDocument,
  loginHeaders,
  markDocument,
  waitForHydration,
} from './helpers.ts'

const PAGING_TAG = 'e2epaging'

// Exactly ten extra posts, dated long ago so they sit at the end of the blog for every other test.
test.beforeAll(async ({ request }) => {
  const login = await request.post('/_api/auth/login_with_password', {
    data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
    headers: loginHeaders(),
  })
  expect(login.ok()).toBe(true)
  for (let i = 1; i <= 10; i++) {
    const res = await request.post('/_api/blog/create', {
      headers: { origin: baseURL() },
      data: {
        title: `Archive night ${i}`,
        // Explicit slugs make this idempotent: each worker runs beforeAll, the second gets 409s.
        slug: `archive-night-${i}`,
        content: `<p>An older observing log, entry ${i}, about the Pleiades.</p>`,
        tags: [PAGING_TAG],
        status: 'published',
        publishedAt: new Date(Date.UTC(2020, 0, i)).toISOString(),
      },
    })
    expect([200, 409]).toContain(res.status())
  }
})

test('the blog lists 9 cards with date, excerpt, up to 3 tags and Read More, rendered on the server', async ({
  page,
}) => {
  const response = await page.goto('/blog')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle(`Blog | ${SITE}`)
  await expect(page.getByRole('heading', { level: 1, name: 'From the Cosmic Log' })).toBeVisible()
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(9)
  const first = cards.first()
  await expect(first.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible()
  await expect(first.getByRole('link', { name: /^Read More/ })).toBeVisible()
  for (const card of await cards.all()) {
    expect(
      await card.getByRole('list', { name: 'Tags' }).getByRole('listitem').count(),
    ).toBeLessThanOrEqual(3)
  }
  // Server-rendered: the HTML itself carries the cards.
  const html = await (await page.request.get('/blog')).text()
  expect(html).toContain('From the Cosmic Log')
  expect((html.match(/<article/g) ?? []).length).toBe(9)
})

test('search is debounced, lives in the address, pages keep it and a new search resets the page', async ({
  page,
}) => {
  await page.goto('/blog')
  await waitForHydration(page)
  const box = page.getByPlaceholder('Search for articles...')
  const typedAt = Date.now()
  await box.fill(PAGING_TAG)
  await expect(page).toHaveURL(new RegExp(`search=${PAGING_TAG}`))
  // Debounced by 500 ms: the address cannot change sooner (a slow machine only makes it later).
  expect(Date.now() - typedAt).toBeGreaterThanOrEqual(450)
  await expect(page.getByRole('article')).toHaveCount(9)

  const pages = page.getByRole('navigation', { name: 'Blog pages' })
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  await pages.getByRole('link', { name: 'Page 2' }).click()
  await expect(page).toHaveURL(/search=e2epaging&page=2|page=2&search=e2epaging/)
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(page.getByRole('heading', { name: 'Archive night 1', exact: true })).toBeVisible()
  await expect(box).toHaveValue(PAGING_TAG)

  await box.fill('pleiades entry')
  await expect(page).toHaveURL(/search=pleiades\+entry$/)
  expect(new URL(page.url()).searchParams.get('page')).toBeNull()

  // The back button restores the previous search in the box.
  await page.goBack()
  await expect(box).toHaveValue(PAGING_TAG)
})

test('a page of the list that fails on the way is tried twice more before the error shows', async ({
  page,
}) => {
  await page.goto('/blog')
  await waitForHydration(page)
  const pages = page.getByRole('navigation', { name: 'Blog pages' })

  // The server fails twice, then answers: the third try fills the page.
  let calls = 0
  await page.route('**/_api/blog/list?*', (route) =>
    ++calls <= 2
      ? route.fulfill({ status: 503, json: { error: 'The service is busy.' } })
      : route.continue(),
  )
  const firstTitle = page.getByRole('article').first().getByRole('heading')
  const pageOneFirst = await firstTitle.innerText()
  await pages.getByRole('link', { name: 'Page 2' }).click()
  await expect(page).toHaveURL(/page=2/)
  // Page 1's cards stay on screen until page 2's arrive.
  await expect(firstTitle).not.toHaveText(pageOneFirst, { timeout: 10_000 })
  expect(calls).toBe(3)
  await expect(page.getByRole('article')).toHaveCount(9)
  await expect(page.getByRole('heading', { name: 'Error Fetching Posts' })).toHaveCount(0)

  // Failing every time: after three tries, the error and a way back.
  await page.unroute('**/_api/blog/list?*')
  calls = 0
  await page.route('**/_api/blog/list?*', (route) => {
    calls++
    return route.fulfill({ status: 503, json: { error: 'The service is busy.' } })
  })
  await pages.getByRole('link', { name: 'Page 3' }).click()
  const error = page.getByRole('heading', { name: 'Error Fetching Posts' })
  await expect(error).toBeVisible({ timeout: 10_000 })
  expect(calls).toBe(3)
  await expect(
    page.getByText('There was a problem loading the blog posts. Please try again later.'),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Refresh Page' })).toHaveAttribute('href', '/blog')
})

test('another page keeps the cards on screen until it arrives, going back shows the first at once, a new search shows skeletons', async ({
  page,
}) => {
  await page.goto('/blog')
  await waitForHydration(page)
  const list = page.getByRole('region', { name: 'Articles' })
  const firstTitle = page.getByRole('article').first().getByRole('heading')
  const skeletons = page.getByTestId('post-card-skeleton')
  const pageOneFirst = await firstTitle.innerText()

  // Held until released: the list's code (loaded on the first change of page) and the API's answers.
  let releaseScripts!: () => void
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld
    await route.continue()
  })
  let releaseList!: () => void
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve))
  let calls = 0
  await page.route('**/_api/blog/list?*', async (route) => {
    calls++
    await listHeld
    await route.continue()
  })

  await page
    .getByRole('navigation', { name: 'Blog pages' })
    .getByRole('link', { name: 'Page 2' })
    .click()
  await expect(page).toHaveURL(/page=2/)
  await expect(list).toHaveAttribute('aria-busy', 'true')
  await expect(firstTitle).toHaveText(pageOneFirst)
  await expect(skeletons).toHaveCount(0)
  releaseScripts()
  await expect.poll(() => calls).toBe(1)
  await expect(firstTitle).toHaveText(pageOneFirst)
  await expect(skeletons).toHaveCount(0)
  releaseList()
  await expect(firstTitle).not.toHaveText(pageOneFirst)
  await expect(list).toHaveAttribute('aria-busy', 'false')

  // The server's list for the address the page was loaded at, with no request.
  await page.goBack()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(firstTitle).toHaveText(pageOneFirst)
  expect(calls).toBe(1)

  // A new search has no list to keep: skeletons until its answer.
  await page.unroute('**/_api/blog/list?*')
  let releaseSearch!: () => void
  const searchHeld = new Promise<void>((resolve) => (releaseSearch = resolve))
  await page.route('**/_api/blog/list?*', async (route) => {
    await searchHeld
    await route.continue()
  })
  await page.getByPlaceholder('Search for articles...').fill(PAGING_TAG)
  await expect(page).toHaveURL(new RegExp(`search=${PAGING_TAG}`))
  await expect(skeletons).toHaveCount(9)
  await expect(page.getByRole('article')).toHaveCount(0)
  releaseSearch()
  await expect(page.getByRole('article')).toHaveCount(9)
  await expect(page.getByRole('heading', { name: /^Archive night/ }).first()).toBeVisible()
})

test('a search without results offers Clear Search', async ({ page }) => {
  await page.goto('/blog?search=qqqzzzxx')
  await expect(page.getByRole('heading', { name: 'No Posts Found' })).toBeVisible()
  await expect(
    page.getByText('It seems there are no blog posts matching your criteria.'),
  ).toBeVisible()
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Clear Search' }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('article')).toHaveCount(9)
  await expect(page.getByPlaceholder('Search for articles...')).toHaveValue('')
})

test('search finds words in the body text', async ({ page }) => {
  await page.goto('/blog?search=terminator%20craters')
  await expect(page.getByRole('heading', { name: /Walking the Terminator/ })).toBeVisible()
})

test('opening a post, then a related post', async ({ page }) => {
  await page.goto('/blog')
  await waitForHydration(page)
  const firstTitle = await page.getByRole('article').first().getByRole('heading').textContent()
  await page
    .getByRole('article')
    .first()
    .getByRole('link', { name: /^Read More/ })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle!)
  await expect(page).toHaveTitle(`${firstTitle} | ${SITE}`)
  await expect(page.getByRole('link', { name: 'Back to all articles' })).toHaveAttribute(
    'href',
    '/blog',
  )

  const related = page.getByRole('region', { name: 'You Might Also Like' })
  await expect(related.getByRole('article')).toHaveCount(3)
  await expect(related.getByRole('heading', { name: firstTitle!, exact: true })).toHaveCount(0)
  const next = await related.getByRole('article').first().getByRole('heading').textContent()
  await related
    .getByRole('article')
    .first()
    .getByRole('link', { name: /^Read More/ })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(next!)
})

test("a post's body is shown after client-side navigations, as its own page renders it", async ({
  page,
}) => {
  // On a document load the body comes from the markup; after a client-side navigation, from the
  // route's data (ADR 010): both must show the same HTML.
  await page.goto('/blog')
  await waitForHydration(page)
  await markDocument(page)
  const readMore = page
    .getByRole('article')
    .first()
    .getByRole('link', { name: /^Read More/ })
  const href = (await readMore.getAttribute('href'))!
  await readMore.click()
  await expect(page).toHaveURL(href)
  const body = page.locator('#post-body')
  await expect(body.locator('p').first()).toBeVisible()
  const afterNavigation = await body.innerHTML()
  await expectSameDocument(page)

  await page.goto(href)
  await waitForHydration(page)
  expect(await body.innerHTML()).toBe(afterNavigation)
  await markDocument(page)
  const related = page.getByRole('region', { name: 'You Might Also Like' })
  await related
    .getByRole('article')
    .first()
    .getByRole('link', { name: /^Read More/ })
    .click()
  await expect(page).not.toHaveURL(href)
  // The address changes before the new post's body replaces the old one: wait for the body.
  await expect.poll(() => body.innerHTML()).not.toBe(afterNavigation)
  await expect(body.locator('p').first()).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(href)
  await expect.poll(() => body.innerHTML()).toBe(afterNavigation)
  await expectSameDocument(page)
})

test('a missing post shows Post Not Found with status 404', async ({ page }) => {
  const response = await page.goto('/blog/no-such-post')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible()
  await expect(
    page.getByText(
      "Sorry, we couldn't find the blog post you were looking for. It might have been moved or deleted.",
    ),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Back to Blog' }).click()
  await expect(page).toHaveURL(/\/blog$/)
})

test('a post page carries canonical, Open Graph, Twitter and BlogPosting data in its HTML', async ({
  request,
}) => {
  const html = await (await request.get('/blog/aurora-kp-index')).text()
  expect(html).toMatch(
    /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/blog\/aurora-kp-index"/,
  )
  expect(html).toContain('property="og:type" content="article"')
  expect(html).toMatch(
    /property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/images\/blog\/aurora-kp-index\.svg"/,
  )
  expect(html).toContain('name="twitter:card" content="summary_large_image"')
  const ld = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1]
  const data = JSON.parse(ld!)
  expect(data).toMatchObject({
    '@type': 'BlogPosting',
    headline: expect.stringContaining('Kp Index'),
  })
})

test('draft content is not reachable from the site', async ({ page }) => {
  expect((await page.goto('/blog/binoculars-for-astronomy'))?.status()).toBe(404)
  expect((await page.goto('/observing-log'))?.status()).toBe(404)
  expect((await page.goto('/dark-sky-sites'))?.status()).toBe(200)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Dark Sky Sites Near You' }),
  ).toBeVisible()
})
