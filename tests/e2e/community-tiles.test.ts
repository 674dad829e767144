import { expect, type Page, test } from '@playwright/test'
import { HOME_GALLERY_IMAGES, MEDIA_MESSAGES } from '../../contracts/media-constants.ts'

/** A 1×1 PNG: what Discord's media proxy answers in these tests, but for the image made to fail. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** Every community image loads but the newest one, which answers 404. */
async function serveImages(page: Page) {
  const res = await page.request.get(`/_api/discord/channel-images?limit=${HOME_GALLERY_IMAGES}`)
  const { images } = (await res.json()) as { images: Array<{ proxyUrl: string }> }
  const failing = new URL(images[0]!.proxyUrl).pathname
  await page.route('https://media.discordapp.net/**', (route) =>
    new URL(route.request().url()).pathname === failing
      ? route.fulfill({ status: 404, body: 'gone' })
      : route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  )
}

const tiles = (page: Page) =>
  page.getByRole('region', { name: 'From the Community' }).getByRole('listitem')

test('a community tile whose image fails shows the placeholder, the others their image', async ({
  page,
}) => {
  await serveImages(page)
  await page.goto('/')
  const community = page.getByRole('region', { name: 'From the Community' })
  await community.scrollIntoViewIfNeeded()
  await expect(tiles(page)).toHaveCount(HOME_GALLERY_IMAGES)
  const firstTile = tiles(page).first()
  await firstTile.scrollIntoViewIfNeeded()
  const placeholder = firstTile.locator('[data-image-fallback]')
  await expect(placeholder).toBeVisible()
  await expect(placeholder).toHaveAttribute('role', 'img')
  // Not a blank box: it fills the tile like the images beside it.
  const box = (await placeholder.boundingBox())!
  const next = (await tiles(page).nth(1).locator('img').boundingBox())!
  expect(Math.round(box.height)).toBe(Math.round(next.height))
  expect(Math.round(box.width)).toBe(Math.round(next.width))
  await expect
    .poll(() =>
      tiles(page)
        .nth(1)
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true)
})

for (const width of [360, 390, 768, 1366]) {
  test(`the home page shows ${HOME_GALLERY_IMAGES} community tiles in full rows at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await serveImages(page)
    await page.goto('/')
    await expect(tiles(page)).toHaveCount(HOME_GALLERY_IMAGES)
    const boxes = await tiles(page).evaluateAll((items) =>
      items.map((li) => {
        const r = li.getBoundingClientRect()
        return { top: Math.round(r.top), left: Math.round(r.left), width: r.width }
      }),
    )
    const rows = new Map<number, number>()
    for (const b of boxes) rows.set(b.top, (rows.get(b.top) ?? 0) + 1)
    const columns = new Set(boxes.map((b) => b.left)).size
    expect(columns).toBeGreaterThanOrEqual(2)
    expect([...rows.values()], `${rows.size} rows of ${columns} columns`).toEqual(
      Array.from({ length: rows.size }, () => columns),
    )
    // Nothing wider than the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    )
  })
}

test('a channel of talk alone: the home page stops asking Discord three pages after the first', async ({
  page,
}) => {
  // Every page holds messages without images and points to an older one, without end. The last
  // page the home page asks for is held until the test lets it go.
  const asked: string[] = []
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/_api/discord/channel-images**', async (route) => {
    asked.push(route.request().url())
    if (asked.length === 4) await held
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        images: [],
        nextCursor: String(1385002712060837969n - BigInt(asked.length)),
      }),
    })
  })
  await page.goto('/')
  const community = page.getByRole('region', { name: 'From the Community' })
  await community.scrollIntoViewIfNeeded()
  await expect.poll(() => asked.length).toBe(4)
  // Not empty while a page is still on its way: the tiles' skeleton stays.
  await expect(community.getByRole('status', { name: 'Loading community images' })).toBeVisible()
  await expect(community.getByText(MEDIA_MESSAGES.discordEmpty)).toHaveCount(0)
  release()
  await expect(community.getByText(MEDIA_MESSAGES.discordEmpty)).toBeVisible()
  expect(asked).toHaveLength(4)
  // Each page after the first continues from the one before it.
  expect(new URL(asked[3]!).searchParams.get('before')).toBe(String(1385002712060837969n - 3n))
})
