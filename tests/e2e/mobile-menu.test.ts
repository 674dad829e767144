import { expect, test } from '@playwright/test'
import { SITE, expectSameDocument, markDocument, waitForHydration } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

test.describe('mobile menu (390x844)', () => {
  test('the desktop navigation is hidden; the menu opens with the links and closes with its button', async ({
    page,
  }) => {
    await page.goto('/')
    // Rendered, but hidden at this width.
    for (const name of ['Main', 'Account']) {
      const nav = page.getByRole('navigation', { name, includeHidden: true })
      await expect(nav).toHaveCount(1)
      await expect(nav).toBeHidden()
    }
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(toggle).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0)

    await waitForHydration(page)
    await toggle.click()

    const close = page.getByRole('button', { name: 'Close menu' })
    await expect(close).toHaveAttribute('aria-expanded', 'true')
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeVisible()
    for (const [name, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Member Login', '/login'],
    ] as const) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }

    await close.click()
    await expect(menu).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
  })

  test('clicking a menu link navigates client-side and closes the menu', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await markDocument(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await menu.getByRole('link', { name: 'About', exact: true }).click()

    await expect(page).toHaveURL('/about')
    await expect(page).toHaveTitle(`About | ${SITE}`)
    await expect(menu).toBeHidden()
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expectSameDocument(page)

    // And it opens again on the new page, and Member Login leads to /login.
    await toggle.click()
    await menu.getByRole('link', { name: 'Member Login' }).click()
    await expect(page).toHaveURL('/login')
    await expect(menu).toBeHidden()
  })

  test('Escape closes the menu and gives the focus back to its button', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await toggle.click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeVisible()

    // From inside the menu, as a keyboard user would be after tabbing into it.
    await menu.getByRole('link', { name: 'About', exact: true }).focus()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()

    // And from its button, straight after opening it.
    await page.keyboard.press('Enter')
    await expect(menu).toBeVisible()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
  })
})
