import { expect, test } from '@playwright/test'
import { SITE, waitForHydration } from './helpers.ts'

const PRIVACY_SECTIONS = [
  '1. Introduction',
  '2. Information We Collect',
  '3. How We Use Your Information',
  '4. Data Security',
  '5. Cookies',
  '6. Third-Party Services',
  '7. Your Privacy Rights',
  '8. Contact Us',
]

const TERMS_SECTIONS = [
  '1. Acceptance of Terms',
  '2. Use of the Site',
  '3. Member Accounts',
  '4. Content and Intellectual Property',
  '5. Community and User Content',
  '6. Third-Party Links and Services',
  '7. Disclaimers',
  '8. Limitation of Liability',
  '9. Changes and Contact',
]

test.describe('static pages', () => {
  test('about tells our journey, mission and offer, and links to the contact page', async ({
    page,
  }) => {
    await page.goto('/about')
    await expect(page).toHaveTitle(`About | ${SITE}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`About ${SITE}`)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      'Our Journey',
      'Our Mission',
      'What We Offer',
      'Get In Touch',
    ])
    await expect(main.getByRole('heading', { level: 3 })).toHaveText([
      'In-Depth Articles',
      'Stunning Visuals',
      'Latest News',
      'Community Hub',
    ])
    await expect(main.getByRole('link', { name: 'Join us on Discord' })).toHaveAttribute(
      'href',
      'https://discord.gg/astro-e2e',
    )
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /mission/)

    await waitForHydration(page)
    await main.getByRole('link', { name: 'Contact us' }).click()
    await expect(page).toHaveURL('/contact')
  })

  test('the privacy policy has its date and eight sections, and points to the contact page', async ({
    page,
  }) => {
    await page.goto('/privacy')
    await expect(page).toHaveTitle(`Privacy Policy | ${SITE}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')
    await expect(page.getByText('Last updated: August 26, 2024')).toBeVisible()
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(PRIVACY_SECTIONS)
    const contact = main.getByRole('region', { name: '8. Contact Us' })
    await expect(contact.getByRole('link', { name: 'contact page' })).toHaveAttribute(
      'href',
      '/contact',
    )
    await expect(main.getByRole('region', { name: '5. Cookies' })).toContainText('HttpOnly')
    // The e2e server runs with Plausible: the policy describes that provider, not another.
    const thirdParty = main.getByRole('region', { name: '6. Third-Party Services' })
    await expect(thirdParty).toContainText('It sets no cookies')
    await expect(thirdParty).not.toContainText('Google Analytics')
  })

  test('the terms have their date and nine sections, and link to the contact page and the privacy policy', async ({
    page,
  }) => {
    await page.goto('/terms')
    await expect(page).toHaveTitle(`Terms of Service | ${SITE}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service')
    await expect(page.getByText('Last updated: August 26, 2024')).toBeVisible()
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(TERMS_SECTIONS)
    const article = main.getByRole('article')
    await expect(article.locator('a[href="/contact"]').first()).toBeVisible()
    await expect(article.locator('a[href="/privacy"]').first()).toBeVisible()

    await waitForHydration(page)
    await article.getByRole('link', { name: 'Privacy Policy' }).first().click()
    await expect(page).toHaveURL('/privacy')
    await expect(page).toHaveTitle(`Privacy Policy | ${SITE}`)
  })

  test('the merch page shows six items, each coming soon', async ({ page }) => {
    await page.goto('/merch')
    await expect(page).toHaveTitle(`Merch | ${SITE}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${SITE} Merch`)
    await expect(page.getByText('Our store is coming soon.')).toBeVisible()
    const items = page.getByRole('main').getByRole('listitem')
    await expect(items).toHaveCount(6)
    for (const item of await items.all()) {
      await expect(item.getByRole('heading', { level: 2 })).toBeVisible()
      await expect(item.getByText('Coming Soon', { exact: true })).toBeVisible()
      await item.scrollIntoViewIfNeeded()
      await expect
        .poll(() => item.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0)
    }
  })
})

test.describe('telescope buying guide', () => {
  test('has every section of the guide, listed in its table of contents', async ({ page }) => {
    await page.goto('/telescope-guide')
    await expect(page).toHaveTitle(`Telescope Buying Guide | ${SITE}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Telescope Buying Guide')
    const sections = [
      'About This Guide',
      'Three Basic Rules',
      'Types of Telescopes',
      'Mounts',
      'Accessories',
      'Smart Telescopes',
      'Non-Telescope Options',
      'Final Thoughts',
    ]
    const main = page.getByRole('main')
    await expect(main.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(sections)
    const toc = main.getByRole('navigation', { name: 'Table of contents' })
    for (const name of sections) {
      await expect(toc.getByRole('link', { name, exact: true })).toBeVisible()
    }
    for (const rule of ['Avoid big-box stores', 'Try before you buy', 'Don’t over-buy']) {
      await expect(main.getByRole('heading', { name: rule })).toBeVisible()
    }
    for (const design of [
      'Reflectors',
      'Refractors',
      'Schmidt-Cassegrain (SCT)',
      'Maksutov-Cassegrain (Mak)',
    ]) {
      const region = main.getByRole('region', { name: design })
      for (const name of ['Pros', 'Cons', 'Recommended']) {
        await expect(region.getByRole('button', { name })).toBeVisible()
      }
    }
    await expect(main.getByText('ISO 12312-2')).toBeVisible()
  })

  test('several pros, cons and recommendations can be open at once', async ({ page }) => {
    await page.goto('/telescope-guide')
    await waitForHydration(page)
    const reflectors = page.getByRole('region', { name: 'Reflectors' })
    const pros = reflectors.getByRole('button', { name: 'Pros' })
    const cons = reflectors.getByRole('button', { name: 'Cons' })
    const recommended = reflectors.getByRole('button', { name: 'Recommended' })

    await expect(pros).toHaveAttribute('aria-expanded', 'true')
    await expect(cons).toHaveAttribute('aria-expanded', 'false')
    await expect(reflectors.getByText('Needs occasional collimation')).toHaveCount(0)

    await cons.click()
    await recommended.click()
    await expect(pros).toHaveAttribute('aria-expanded', 'true')
    await expect(cons).toHaveAttribute('aria-expanded', 'true')
    await expect(recommended).toHaveAttribute('aria-expanded', 'true')
    await expect(
      reflectors.getByText('The most aperture for your money, by a wide margin.'),
    ).toBeVisible()
    await expect(reflectors.getByText('Needs occasional collimation')).toBeVisible()
    await expect(reflectors.getByText('Dobsonian at around f/6')).toBeVisible()

    // Another design's accordion is independent.
    const refractorsCons = page
      .getByRole('region', { name: 'Refractors' })
      .getByRole('button', { name: 'Cons' })
    await expect(refractorsCons).toHaveAttribute('aria-expanded', 'false')

    await pros.click()
    await expect(pros).toHaveAttribute('aria-expanded', 'false')
    await expect(
      reflectors.getByText('The most aperture for your money, by a wide margin.'),
    ).toHaveCount(0)
    await expect(cons).toHaveAttribute('aria-expanded', 'true')

    // Keyboard: the triggers are real buttons.
    await pros.focus()
    await page.keyboard.press('Enter')
    await expect(pros).toHaveAttribute('aria-expanded', 'true')
  })

  test('a table-of-contents link scrolls to its section', async ({ page }) => {
    await page.goto('/telescope-guide')
    await waitForHydration(page)
    const heading = page.getByRole('heading', { level: 2, name: 'Smart Telescopes' })
    await expect(heading).not.toBeInViewport()

    await page
      .getByRole('navigation', { name: 'Table of contents' })
      .getByRole('link', { name: 'Smart Telescopes' })
      .click()
    await expect(page).toHaveURL(/\/telescope-guide#smart-telescopes$/)
    await expect(heading).toBeInViewport()
    // The section lands near the top, just below the sticky header rather than hidden behind it.
    const header = await page.getByRole('banner').boundingBox()
    const headerBottom = (header?.y ?? 0) + (header?.height ?? 0)
    await expect
      .poll(async () => (await heading.boundingBox())?.y ?? 9999)
      .toBeLessThan(headerBottom + 80)
    await expect
      .poll(async () => (await heading.boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(headerBottom)
  })

  test('opening the guide at a section address shows that section', async ({ page }) => {
    await page.goto('/telescope-guide#non-telescope-options')
    await expect(
      page.getByRole('heading', { level: 2, name: 'Non-Telescope Options' }),
    ).toBeInViewport()
  })
})
