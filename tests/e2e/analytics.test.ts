import { expect, test, type Page } from '@playwright/test'
import { baseURL, clientNavigate, expectSameDocument, markDocument } from './helpers.ts'

type PageView = { name: string; url: string }

function pageViews(page: Page): Promise<PageView[]> {
  return page.evaluate(() => (window as unknown as { __pageviews?: PageView[] }).__pageviews ?? [])
}

test.describe('analytics page views', () => {
  test('the first load records one page view; client-side navigations record path plus query', async ({
    page,
  }) => {
    await page.goto('/')
    await expect.poll(() => pageViews(page)).toEqual([{ name: 'pageview', url: `${baseURL()}/` }])
    await markDocument(page)

    // A header link click.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' })
      .click()
    await expect(page).toHaveURL('/contact')
    await expect
      .poll(() => pageViews(page))
      .toEqual([
        { name: 'pageview', url: `${baseURL()}/` },
        { name: 'pageview', url: `${baseURL()}/contact` },
      ])

    // A client-side navigation with a query string, through the app's own router.
    await clientNavigate(page, '/about?x=1')
    await expect(page).toHaveURL('/about?x=1')
    await expect.poll(async () => (await pageViews(page)).length).toBe(3)
    const [, , last] = await pageViews(page)
    expect(last?.name).toBe('pageview')
    expect(last?.url).toMatch(/\/about\?x=1$/)
    expect(last?.url).toBe(`${baseURL()}/about?x=1`)
    await expectSameDocument(page)
  })
})
