import { expect, test } from '@playwright/test'

test('going to /#main scrolls to the main content', async ({ page }) => {
  await page.goto('/#main')
  const main = page.getByRole('main')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await expect(main).toBeInViewport()
  // Scrolled to the element: its top ends up at (or just under) the top of the viewport.
  await expect
    .poll(() =>
      page.evaluate(() => Math.round(document.getElementById('main')!.getBoundingClientRect().top)),
    )
    .toBeLessThanOrEqual(1)
})
