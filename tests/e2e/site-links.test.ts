import { expect, test } from '@playwright/test'
import { expectSameDocument, markDocument, waitForHydration } from './helpers.ts'

// The header's, the footer's and the post cards' links are plain anchors that the layout's one
// click listener turns into client-side navigations (app/components/ui/site-link.tsx).

test('header, footer and post card links navigate without loading a new document', async ({
  page,
}) => {
  await page.goto('/blog')
  await waitForHydration(page)
  await markDocument(page)

  const card = page.getByRole('article').first()
  const title = await card.getByRole('heading').innerText()
  await card.getByRole('heading').getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expectSameDocument(page)

  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expectSameDocument(page)

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact' })
    .click()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(page.getByRole('link', { name: 'Contact', exact: true }).first()).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expectSameDocument(page)

  // Back goes where the links went, in order.
  await page.goBack()
  await expect(page).toHaveURL(/\/about$/)
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expectSameDocument(page)
})

test('the link to the page already shown adds no history entry', async ({ page }) => {
  await page.goto('/about')
  await waitForHydration(page)
  const contact = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact' })
  await contact.click()
  await expect(page).toHaveURL(/\/contact$/)
  const entries = await page.evaluate(() => history.length)
  await contact.click()
  await expect(page).toHaveURL(/\/contact$/)
  expect(await page.evaluate(() => history.length)).toBe(entries)
  await page.goBack()
  await expect(page).toHaveURL(/\/about$/)
})

test('a click with a modifier key is left to the browser: a new tab, this page unchanged', async ({
  page,
  context,
}) => {
  await page.goto('/blog')
  await waitForHydration(page)
  const opened = context.waitForEvent('page')
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Privacy Policy' })
    .click({ modifiers: ['ControlOrMeta'] })
  const tab = await opened
  await tab.waitForLoadState()
  expect(new URL(tab.url()).pathname).toBe('/privacy')
  await tab.close()
  await expect(page).toHaveURL(/\/blog$/)
})

test('site links name their target for route discovery and work before the page hydrates', async ({
  page,
}) => {
  // No scripts at all: the links are still links.
  await page.route('**/assets/**/*.js', (route) => route.abort())
  await page.goto('/blog')
  const about = page.getByRole('contentinfo').getByRole('link', { name: 'About' })
  await expect(about).toHaveAttribute('href', '/about')
  await expect(about).toHaveAttribute('data-discover', 'true')
  await about.click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
