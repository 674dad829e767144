import { expect, test } from '@playwright/test'
import { SITE, expectSameDocument, markDocument, waitForHydration } from './helpers.ts'

test.describe('shared layout navigation', () => {
  test('header links Home, About, Contact and the logo navigate client-side and set the title', async ({
    page,
  }) => {
    await page.goto('/privacy')
    await waitForHydration(page)
    await markDocument(page)
    const main = page.getByRole('banner').getByRole('navigation', { name: 'Main' })

    for (const [name, path, title] of [
      ['About', '/about', 'About'],
      ['Contact', '/contact', 'Contact'],
      ['Home', '/', 'Home'],
    ] as const) {
      const link = main.getByRole('link', { name, exact: true })
      await expect(link).toHaveAttribute('href', path)
      await link.click()
      await expect(page).toHaveURL(path)
      await expect(page).toHaveTitle(`${title} | ${SITE}`)
      await expect(link).toHaveAttribute('aria-current', 'page')
    }

    // The logo links home too.
    await main.getByRole('link', { name: 'About', exact: true }).click()
    await expect(page).toHaveURL('/about')
    await page
      .getByRole('banner')
      .getByRole('link', { name: `${SITE} home` })
      .click()
    await expect(page).toHaveURL('/')
    await expect(page).toHaveTitle(`Home | ${SITE}`)
    await expectSameDocument(page)
  })

  test('pills Photos, Moon, Solar, Calendar and News navigate client-side and set the title', async ({
    page,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    await markDocument(page)
    const header = page.getByRole('banner')

    for (const [name, path, title] of [
      ['Photos', '/photos', 'Photo Galleries'],
      ['Moon', '/moon-phase', 'Moon Phase'],
      ['Solar', '/kp-index', 'The Planetary K-index'],
      ['Calendar', '/sky-calendar', 'Sky calendar'],
      ['News', '/astronomy-news', 'Latest Astronomy News'],
    ] as const) {
      const pill = header.getByRole('link', { name, exact: true })
      await expect(pill).toHaveAttribute('href', path)
      await pill.click()
      await expect(page).toHaveURL(path)
      await expect(page).toHaveTitle(`${title} | ${SITE}`)
      await expect(pill).toHaveAttribute('aria-current', 'page')
    }
    await expectSameDocument(page)
  })

  test('footer has its links and the current year, and its links navigate', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await markDocument(page)
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible()

    const links = [
      ['About', '/about', 'About'],
      ['Contact', '/contact', 'Contact'],
      ['Privacy Policy', '/privacy', 'Privacy Policy'],
      ['Terms of Service', '/terms', 'Terms of Service'],
      ['Admin Login', '/admin/login', 'Admin Login'],
    ] as const
    const nav = footer.getByRole('navigation', { name: 'Footer' })
    await expect(nav.getByRole('link')).toHaveText(links.map(([name]) => name))

    for (const [name, path, title] of links) {
      const link = nav.getByRole('link', { name, exact: true })
      await expect(link).toHaveAttribute('href', path)
      await link.click()
      await expect(page).toHaveURL(path)
      await expect(page).toHaveTitle(`${title} | ${SITE}`)
    }
    await expectSameDocument(page)
  })
})
