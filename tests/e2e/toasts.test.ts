import { expect, type Locator, type Page, test } from '@playwright/test'
import { MEDIA_MESSAGES } from '../../contracts/media-constants.ts'
import { ACCOUNTS, loginAs, waitForHydration, withInvoice } from './helpers.ts'

const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const

function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')
}

/**
 * The toast once it has slid into place, held there: a pointer resting on a toast pauses its
 * timer, so what is checked next happens while it still shows.
 */
async function settledToast(page: Page, text: string): Promise<Locator> {
  const toast = toasts(page).filter({ hasText: text })
  await expect(toast).toHaveAttribute('data-mounted', 'true')
  await toast.hover()
  await toast.evaluate((el) =>
    Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined))),
  )
  return toast
}

/**
 * The visible controls among `controls` that a showing toast overlaps. Measured, not hit-tested:
 * while a modal dialog is open the page outside it takes no pointer events, and a toast over a
 * control would then not be what a hit test finds.
 */
async function covered(controls: Locator): Promise<string[]> {
  const found: string[] = []
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue
    const hit = await control.evaluate((el) => {
      const r = el.getBoundingClientRect()
      const over = [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')].some(
        (toast) => {
          const t = toast.getBoundingClientRect()
          return t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom
        },
      )
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim()
      return over ? `${el.tagName.toLowerCase()} "${name}"` : null
    })
    if (hit) found.push(hit)
  }
  return found
}

for (const viewport of SIZES) {
  test.describe(`toasts at ${viewport.width} px`, () => {
    test.use({ viewport })

    test.beforeEach(async ({ page }) => {
      await loginAs(page, 'admin')
    })

    test('a toast covers neither the header, its profile link nor the radio player', async ({
      page,
    }) => {
      await page.goto('/admin?tab=videos')
      await waitForHydration(page)
      const phone = viewport.width < 768
      if (phone) await page.getByRole('button', { name: 'Open menu' }).click()
      const profile = page
        .getByRole('navigation', { name: phone ? 'Mobile' : 'Account' })
        .getByRole('link', { name: ACCOUNTS.admin.displayName })
      await expect(profile).toBeVisible()

      await page.getByRole('textbox', { name: 'YouTube Channel ID' }).fill('')
      await page.getByRole('button', { name: 'Sync Videos' }).click()
      const toast = await settledToast(page, MEDIA_MESSAGES.channelIdPrompt)

      expect(await covered(profile)).toEqual([])
      expect(await covered(page.locator('header').locator('a, button'))).toEqual([])
      expect(
        await covered(
          page.getByRole('complementary', { name: 'Radio player' }).getByRole('button'),
        ),
      ).toEqual([])
      await expect(toast).toBeVisible()
    })

    test("a toast leaves the next dialog's Close button free, and goes with its own Close button", async ({
      page,
    }) => {
      await withInvoice(page, 'Toast Check Observatory', async (invoice) => {
        await page.goto('/admin?tab=invoices')
        await waitForHydration(page)
        const menu = page.getByRole('button', { name: `Actions for ${invoice.invoiceNumber}` })
        await menu.click()
        await page.getByRole('menuitem', { name: 'Edit', exact: true }).click()
        const edit = page.getByRole('dialog', { name: `Edit Invoice ${invoice.invoiceNumber}` })
        await edit.getByRole('button', { name: 'Save Invoice' }).click()
        await expect(edit).toBeHidden()
        const toast = await settledToast(page, 'Invoice updated successfully.')

        // The next dialog opens while the toast still shows (the keyboard leaves the pointer on it).
        await expect(menu).toBeFocused()
        await page.keyboard.press('Enter')
        await expect(page.getByRole('menuitem', { name: 'Preview', exact: true })).toBeFocused()
        await page.keyboard.press('Enter')
        const preview = page.getByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` })
        await expect(preview.getByRole('button', { name: 'Print / Save PDF' })).toBeVisible()
        await toast.evaluate((el) =>
          Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined))),
        )

        expect(await covered(preview.getByRole('button', { name: 'Close', exact: true }))).toEqual(
          [],
        )
        expect(await covered(preview.getByRole('button'))).toEqual([])
        await expect(toast).toBeVisible()

        // The toast can be closed with the dialog open, and closing it leaves the dialog open.
        // Its Close button is a target of at least 24 × 24 px (WCAG 2.2 target size).
        const close = toast.getByRole('button', { name: 'Close toast' })
        const size = await close.boundingBox()
        expect(Math.round(Math.min(size!.width, size!.height))).toBeGreaterThanOrEqual(24)
        await close.click()
        await expect(toast).toHaveCount(0)
        await expect(preview).toBeVisible()
      })
    })
  })
}

test('Escape dismisses the focused toast and gives the focus back', async ({ page }) => {
  // The page's clock, to stop it once the toast shows: it cannot then leave by itself, and only
  // Escape can be what dismisses it.
  await page.clock.install()
  await loginAs(page, 'admin')
  await page.goto('/admin?tab=videos')
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'YouTube Channel ID' }).fill('')
  const sync = page.getByRole('button', { name: 'Sync Videos' })
  await sync.click()
  const toast = await settledToast(page, MEDIA_MESSAGES.channelIdPrompt)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  await sync.focus()
  await toast.focus()
  await expect(toast).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(toast).toHaveAttribute('data-removed', 'true')
  await page.clock.resume()
  await expect(toast).toHaveCount(0)
  await expect(sync).toBeFocused()
})
