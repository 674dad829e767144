import { expect, type Page, test } from '@playwright/test'
import { renderDigestMail, renderPostMail } from '../../server/newsletter/mails.ts'
import {
  digestMailInput,
  HOSTILE,
  mailPost,
  postMailInput,
} from '../support/newsletter-mail-samples.ts'

/**
 * The newsletter's mails as a mail client in a browser shows them (Apple Mail, Gmail's web and
 * phone apps are WebKit or Chromium): the HTML is rendered here, opened with setContent, and its
 * pictures answered locally, so nothing leaves the machine.
 */

const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#223366"/><circle cx="600" cy="315" r="190" fill="#ffcc66"/></svg>`

const MAILS = {
  post: () => renderPostMail(postMailInput({ membersOnly: true })),
  digest: () => renderDigestMail(digestMailInput()),
  // A title no phone can fit on one line, and markup where text belongs.
  hostile: () =>
    renderDigestMail(
      digestMailInput([
        mailPost({ title: HOSTILE.longWord, excerpt: HOSTILE.excerpt }),
        mailPost({ title: HOSTILE.title, imageAlt: HOSTILE.alt }),
      ]),
    ),
} as const

const BUTTON = { post: 'Read the full post', digest: 'See all posts' } as const

async function openMail(page: Page, html: string): Promise<void> {
  await page.route('**/*', (route) =>
    new URL(route.request().url()).pathname.startsWith('/uploads/')
      ? route.fulfill({ contentType: 'image/svg+xml', body: PICTURE })
      : route.abort(),
  )
  await page.setContent(html, { waitUntil: 'load' })
  await page.waitForFunction(() => [...document.images].every((img) => img.complete))
}

/** Anything wider than the window: the page scrolls sideways, or a box sticks out. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const out: string[] = []
    if (document.documentElement.scrollWidth > width) {
      out.push(`the page is ${document.documentElement.scrollWidth} px wide`)
    }
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect()
      if (box.width > 0 && box.right > width + 0.5) {
        out.push(`<${el.tagName.toLowerCase()}> ends at ${Math.round(box.right)} px`)
      }
    }
    return out
  })
}

const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor)
const color = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).color)

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [600, 375]) {
    for (const kind of ['post', 'digest'] as const) {
      test(`the ${kind} mail at ${width} px in the ${scheme} colour scheme`, async ({
        page,
      }, testInfo) => {
        await page.setViewportSize({ width, height: 900 })
        await page.emulateMedia({ colorScheme: scheme })
        await openMail(page, MAILS[kind]().html)

        expect(await overflow(page)).toEqual([])
        // The column is 600 px where there is room, and the window's width on a phone.
        const column = await page.locator('table.mail-card').boundingBox()
        expect(Math.round(column!.width)).toBe(width)

        const button = page.getByRole('link', { name: BUTTON[kind], exact: true })
        await expect(button).toBeVisible()
        const box = (await button.boundingBox())!
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(width)
        expect(box.height).toBeGreaterThanOrEqual(40)

        if (kind === 'post') {
          // The featured picture fills the column, its height following its proportions.
          const picture = (await page.locator('img').first().boundingBox())!
          expect(Math.round(picture.width)).toBe(width)
          expect(Math.round(picture.height)).toBe(Math.round((width * 630) / 1200))
          await expect(page.getByText('This post is for members: sign in')).toBeVisible()
        }

        const [pageBg, cardBg, heading] = await Promise.all([
          background(page, 'body'),
          background(page, 'td.mail-body'),
          color(page, 'h1'),
        ])
        if (scheme === 'dark') {
          expect(pageBg).toBe('rgb(11, 16, 32)')
          expect(cardBg).toBe('rgb(22, 29, 47)')
          expect(heading).toBe('rgb(230, 233, 242)')
        } else {
          expect(pageBg).toBe('rgb(238, 241, 246)')
          expect(cardBg).toBe('rgb(255, 255, 255)')
          expect(heading).toBe('rgb(27, 34, 51)')
        }

        await page.screenshot({
          path: testInfo.outputPath(`newsletter-${kind}-${width}-${scheme}.png`),
          fullPage: true,
        })
      })
    }
  }
}

test('a digest of hostile and unbreakable titles stays inside a phone’s width, as text', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 900 })
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await openMail(page, MAILS.hostile().html)
  expect(await overflow(page)).toEqual([])
  await expect(page.getByRole('link', { name: HOSTILE.title, exact: true })).toBeVisible()
  await expect(page.getByText(HOSTILE.excerpt)).toBeVisible()
  expect(await page.locator('script, img[onerror], img[onload]').count()).toBe(0)
  expect(dialogs).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('newsletter-hostile-375.png'), fullPage: true })
})
