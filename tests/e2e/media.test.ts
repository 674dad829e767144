import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test'
import sharp from 'sharp'
import {
  HOME_GALLERY_IMAGES,
  type HeaderImage,
  MEDIA_MESSAGES,
} from '../../contracts/media-constants.ts'
import { ACCOUNTS, axeViolations, baseURL, loginHeaders, waitForHydration } from './helpers.ts'

/**
 * Two header images of this file's own, uploaded through the API as the admin, so the carousel
 * always has slides to move between whatever other tests upload or delete meanwhile.
 */
let admin: APIRequestContext
const ours: HeaderImage[] = []
test.beforeAll(async () => {
  admin = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { origin: baseURL() } })
  const login = await admin.post('/_api/auth/login_with_password', {
    data: ACCOUNTS.admin,
    headers: loginHeaders(),
  })
  expect(login.ok()).toBe(true)
  for (const [i, color] of ['#1d2b64', '#5b247a'].entries()) {
    const png = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: color },
    })
      .png()
      .toBuffer()
    const res = await admin.post('/_api/images/upload', {
      multipart: {
        image: { name: `carousel-${i}.png`, mimeType: 'image/png', buffer: png },
        // beforeAll runs once per worker: each worker's images have titles of their own.
        title: `Carousel test ${i + 1} ${Math.random().toString(36).slice(2, 8)}`,
      },
    })
    expect(res.status(), await res.text()).toBe(201)
    ours.push((await res.json()) as HeaderImage)
  }
})
test.afterAll(async () => {
  for (const image of ours) await admin.post('/_api/images/delete', { data: { key: image.key } })
  await admin.dispose()
})

/** The server's own error answers, for the upstream outages the browser is shown. */
async function upstreamsDown(page: Page) {
  const fail = (error: string) => ({
    status: 503,
    contentType: 'application/json',
    body: JSON.stringify({ error }),
  })
  await page.route('**/_api/discord/widget', (r) => r.fulfill(fail(MEDIA_MESSAGES.widgetFailed)))
  await page.route('**/_api/discord/channel-images**', (r) =>
    r.fulfill(fail(MEDIA_MESSAGES.discordMissingAccess)),
  )
  await page.route('**/_api/youtube/channel-stats**', (r) =>
    r.fulfill(fail(MEDIA_MESSAGES.quotaExceeded)),
  )
}

test('the home page: hero in the HTML, lives, featured videos, Discord, channel stats and the community', async ({
  page,
  request,
}) => {
  // The first slide is in the server's HTML, eager and with a high fetch priority.
  const html = await (await request.get('/')).text()
  expect(html).toMatch(/<img[^>]*fetchPriority="high"[^>]*>|<img[^>]*fetchpriority="high"[^>]*>/i)
  expect(html).toContain('Featured Videos')
  expect(html).toContain('LIVE: June solstice sky tour and CME watch')

  await page.goto('/')
  await waitForHydration(page)
  const hero = page.getByRole('region', { name: 'Featured images' })
  await expect(hero.getByRole('heading', { level: 1 })).toBeVisible()
  // The newest uploaded header image is among the first slides (the next ones mount in turn),
  // with its WebP variants for the browser to choose from.
  const newest = ours.at(-1)!
  await expect(hero.locator(`img[alt="${newest.title}"]`)).toHaveAttribute('srcset', newest.srcset)
  await expect(page.getByText(MEDIA_MESSAGES.fallbackNotice)).toBeHidden()

  const lives = page.getByRole('region', { name: 'Latest Lives' })
  await expect(lives.getByRole('listitem')).toHaveCount(2)
  await expect(lives.getByText('LIVE', { exact: true })).toBeVisible()
  await expect(lives.getByText('RECORDED', { exact: true })).toBeVisible()

  const featured = page.getByRole('region', { name: 'Featured Videos' })
  await expect(featured.getByRole('listitem')).toHaveCount(15)
  const first = featured.getByRole('listitem').first().getByRole('link')
  await expect(first).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=/)
  await expect(first).toHaveAttribute('target', '_blank')

  // Discord: the server's name, who is online (at most 10 avatars) and the invitation.
  await expect(page.getByRole('heading', { name: 'Astro Radio Community' })).toBeVisible()
  await expect(page.getByText('143', { exact: true })).toBeVisible()
  const online = page.getByRole('list', { name: 'Members online' }).getByRole('listitem')
  expect(await online.count()).toBeGreaterThan(0)
  expect(await online.count()).toBeLessThanOrEqual(10)
  await expect(page.getByRole('link', { name: 'Join the server' })).toHaveAttribute(
    'href',
    'https://discord.com/invite/Xk7pQ2vR',
  )

  // Channel statistics, abbreviated.
  const stats = page.getByRole('heading', { name: 'On YouTube' }).locator('..')
  await expect(stats.getByText('24.6K', { exact: true })).toBeVisible()
  await expect(stats.getByText('1.8M', { exact: true })).toBeVisible()

  // The community: the channel's 10 newest images (pages of 10 messages until they hold 10).
  const community = page.getByRole('region', { name: 'From the Community' })
  const latest = (await (await request.get('/_api/discord/channel-images?limit=30')).json()) as {
    images: Array<{ filename: string }>
  }
  expect(latest.images.length).toBeGreaterThan(HOME_GALLERY_IMAGES)
  await expect(community.getByRole('button')).toHaveCount(HOME_GALLERY_IMAGES)
  await expect(community.getByRole('button').first()).toHaveAccessibleName(
    new RegExp(`^${latest.images[0]!.filename.replace(/\./g, '\\.')} by `),
  )

  await featured.getByRole('link', { name: /^View All/ }).click()
  await expect(page).toHaveURL(/\/videos$/)
  await page.goBack()
  await community.getByRole('link', { name: /^View All/ }).click()
  await expect(page).toHaveURL(/\/photos$/)
})

test('the hero carousel: next, previous, a chosen slide, and pause', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const hero = page.getByRole('region', { name: 'Featured images' })
  const slides = hero.locator('[aria-roledescription="slide"]')
  const count = await hero.getByRole('button', { name: /^Show slide/ }).count()
  expect(count).toBeGreaterThanOrEqual(2)
  const current = () => hero.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')

  await expect(current()).toHaveAttribute('aria-label', `1 of ${count}`)
  await hero.getByRole('button', { name: 'Next slide' }).click()
  await expect(current()).toHaveAttribute('aria-label', `2 of ${count}`)
  await hero.getByRole('button', { name: 'Previous slide' }).click()
  await hero.getByRole('button', { name: 'Previous slide' }).click()
  // Wraps around to the last slide.
  await expect(current()).toHaveAttribute('aria-label', `${count} of ${count}`)
  await hero.getByRole('button', { name: 'Show slide 1' }).click()
  await expect(current()).toHaveAttribute('aria-label', `1 of ${count}`)
  await expect(hero.getByRole('button', { name: 'Show slide 1' })).toHaveAttribute(
    'aria-current',
    'true',
  )
  await hero.getByRole('button', { name: 'Pause slideshow' }).click()
  await expect(hero.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
  expect(await slides.count()).toBeGreaterThanOrEqual(2)
})

test('the carousel advances by itself every 6 seconds, and not under reduced motion', async ({
  page,
}) => {
  await page.clock.install()
  await page.goto('/')
  await waitForHydration(page)
  const hero = page.getByRole('region', { name: 'Featured images' })
  const count = await hero.getByRole('button', { name: /^Show slide/ }).count()
  expect(count).toBeGreaterThanOrEqual(2)
  const current = () => hero.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')
  await page.mouse.move(0, 0)
  // From here on the page's time moves only when the test says so.
  await page.clock.pauseAt(new Date(Date.now() + 1000))
  const label = async () => Number((await current().getAttribute('aria-label'))!.split(' ')[0])
  const start = await label()
  const next = (start % count) + 1
  await page.clock.runFor(6_100)
  await expect(current()).toHaveAttribute('aria-label', `${next} of ${count}`)
  await page.clock.runFor(6_000)
  await expect(current()).toHaveAttribute('aria-label', `${(next % count) + 1} of ${count}`)

  await page.emulateMedia({ reducedMotion: 'reduce' })
  // Under reduced motion the slideshow is stopped, and offers to play.
  await expect(hero.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
  const still = await current().getAttribute('aria-label')
  await page.clock.runFor(20_000)
  await expect(current()).toHaveAttribute('aria-label', still!)
})

test('with Discord and YouTube down the home page still shows everything else', async ({
  page,
}) => {
  await upstreamsDown(page)
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByText(MEDIA_MESSAGES.widgetFailed)).toBeVisible()
  await expect(page.getByText(MEDIA_MESSAGES.youtubeFailed)).toBeVisible()
  await expect(page.getByText(MEDIA_MESSAGES.discordLoadFailed)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible()
  // Everything else is there.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Featured Videos' }).getByRole('listitem'),
  ).toHaveCount(15)
  await expect(
    page.getByRole('region', { name: 'Latest Lives' }).getByRole('listitem'),
  ).toHaveCount(2)
  await expect(
    page.getByRole('link', { name: /^Guide Choosing your first telescope/ }),
  ).toBeVisible()

  // Discord comes back: Try Again loads the gallery.
  await page.unroute('**/_api/discord/channel-images**')
  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(
    page.getByRole('region', { name: 'From the Community' }).getByRole('button').first(),
  ).toBeVisible()
})

test('/videos: 12 per page in the HTML, pages with scroll to top, the channel button', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/videos')).text()
  expect(html.match(/href="https:\/\/www\.youtube\.com\/watch\?v=/g)?.length).toBe(12)

  await page.goto('/videos')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Video Gallery' })).toBeVisible()
  const cards = page.getByRole('region', { name: 'Videos' }).getByRole('listitem')
  await expect(cards).toHaveCount(12)
  // Each card's title is a heading right under the page's (no level skipped).
  const firstTitle = await cards.first().getByRole('heading', { level: 2 }).textContent()

  const pages = page.getByRole('navigation', { name: 'Video pages' })
  await pages.scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  // The arrows stand apart from their words ("← Previous", "Next →"), not run into them.
  const next = pages.getByRole('link', { name: 'Next' })
  const apart = await next.evaluate((link) => {
    const arrow = link.querySelector('[aria-hidden="true"]')!.getBoundingClientRect()
    const range = document.createRange()
    range.selectNodeContents(link.firstChild!)
    return arrow.left - range.getBoundingClientRect().right
  })
  expect(apart).toBeGreaterThanOrEqual(4)
  await next.click()
  await expect(page).toHaveURL(/\/videos\?page=2$/)
  await expect(cards.first().getByRole('heading')).not.toHaveText(firstTitle!)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

  await expect(
    page.getByRole('link', { name: 'Visit the full channel on YouTube' }),
  ).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/channel\/UC/)
})

test('/videos: the error state of a page fetched by the browser, and the empty state', async ({
  page,
}) => {
  await page.goto('/videos')
  await waitForHydration(page)
  await page.route('**/_api/youtube/list**', (r) =>
    r.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }),
  )
  await page
    .getByRole('navigation', { name: 'Video pages' })
    .getByRole('link', { name: 'Page 2' })
    .click()
  await expect(page.getByText(MEDIA_MESSAGES.videosFailed)).toBeVisible({ timeout: 15_000 })

  // A page past the last one (from the server's HTML) has no videos.
  await page.goto('/videos?page=999')
  await expect(page.getByText(MEDIA_MESSAGES.videosEmpty)).toBeVisible()
})

test('the community gallery: load more to the end, and the lightbox with the keyboard', async ({
  page,
  request,
}) => {
  await page.goto('/photos')
  await waitForHydration(page)
  const gallery = page.getByRole('tabpanel')
  const photos = gallery.getByRole('listitem')
  // The first page reads the channel's 24 newest messages and shows their images.
  const first = (await (await request.get('/_api/discord/channel-images?limit=24')).json()) as {
    images: unknown[]
  }
  const firstPage = first.images.length
  expect(firstPage).toBeGreaterThan(1)
  await expect(photos).toHaveCount(firstPage)

  // The lightbox: Previous disabled at the first, arrows move, Escape closes.
  await photos.first().getByRole('button').click()
  const box = page.getByRole('dialog')
  await expect(box).toBeVisible()
  await expect(box.getByRole('button', { name: 'Previous image' })).toBeDisabled()
  await expect(box).toContainText(`1 / ${firstPage}`)
  await page.keyboard.press('ArrowRight')
  await expect(box).toContainText(`2 / ${firstPage}`)
  await page.keyboard.press('ArrowLeft')
  await expect(box).toContainText(`1 / ${firstPage}`)
  for (let i = 1; i < firstPage; i++) await page.keyboard.press('ArrowRight')
  await expect(box).toContainText(`${firstPage} / ${firstPage}`)
  await expect(box.getByRole('button', { name: 'Next image' })).toBeDisabled()
  await page.keyboard.press('ArrowRight')
  await expect(box).toContainText(`${firstPage} / ${firstPage}`)
  await page.keyboard.press('Escape')
  await expect(box).toBeHidden()
  await expect(photos.first().getByRole('button')).toBeFocused()

  // Load More until the end of the channel.
  const more = gallery.getByRole('button', { name: 'Load More' })
  for (let i = 0; i < 10 && (await more.isVisible()); i++) {
    const before = await photos.count()
    await more.click()
    await expect.poll(() => photos.count()).toBeGreaterThan(before)
  }
  await expect(gallery.getByText(MEDIA_MESSAGES.discordEnd)).toBeVisible()
  expect(await photos.count()).toBeGreaterThan(firstPage)
})

for (const width of [390, 1366]) {
  test(`the community gallery's masonry at ${width} px: newest first across, every column ending on one line`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/photos')
    const photos = page.getByRole('tabpanel').getByRole('listitem')
    await expect(photos.first()).toBeVisible()
    const boxes = await photos.evaluateAll((items) =>
      items.map((li) => {
        const r = li.getBoundingClientRect()
        const img = li.querySelector('img, [data-image-fallback]')!.getBoundingClientRect()
        return { left: r.left, top: r.top, bottom: r.bottom, imageHeight: img.height }
      }),
    )
    const columns = [...new Set(boxes.map((b) => Math.round(b.left)))].sort((a, b) => a - b)
    expect(columns).toHaveLength(width < 768 ? 2 : 4)
    // The first row holds the newest images, left to right.
    for (let i = 0; i < columns.length; i++) {
      expect(Math.round(boxes[i]!.left)).toBe(columns[i])
      expect(Math.abs(boxes[i]!.top - boxes[0]!.top)).toBeLessThanOrEqual(1)
    }
    const ends = columns.map((left) =>
      Math.max(...boxes.filter((b) => Math.round(b.left) === left).map((b) => b.bottom)),
    )
    expect(Math.max(...ends) - Math.min(...ends)).toBeLessThanOrEqual(1)
    for (const box of boxes) expect(box.imageHeight).toBeGreaterThan(40)
  })
}

test('the community gallery explains an empty channel and a Discord error', async ({ page }) => {
  await page.route('**/_api/discord/channel-images**', (r) =>
    r.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ images: [], nextCursor: null }),
    }),
  )
  await page.goto('/photos')
  await expect(page.getByText(MEDIA_MESSAGES.discordEmpty)).toBeVisible()

  await page.unroute('**/_api/discord/channel-images**')
  await upstreamsDown(page)
  await page.goto('/photos')
  await expect(page.getByText(MEDIA_MESSAGES.discordLoadFailed)).toBeVisible()
  await expect(page.getByText(MEDIA_MESSAGES.discordMissingAccess)).toBeVisible()
})

test('home, /videos and the lightbox have no WCAG 2.2 AA violations', async ({ page }) => {
  const violations: string[] = []
  for (const path of ['/', '/videos', '/photos']) {
    await page.goto(path)
    await waitForHydration(page)
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined)
    violations.push(...(await axeViolations(page)).map((v) => `${path}: ${v.id}`))
  }
  await page.getByRole('tabpanel').getByRole('listitem').first().getByRole('button').click()
  await expect(page.getByRole('dialog')).toBeVisible()
  violations.push(...(await axeViolations(page)).map((v) => `lightbox: ${v.id}`))
  expect(violations).toEqual([])
})
