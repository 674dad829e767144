import { expect, request as playwrightRequest, test } from '@playwright/test'
import { slugify } from '../../contracts/slug.ts'
import { createPost } from '../support/factories.ts'
import { ACCOUNTS, adminSend, baseURL, loginAs, loginHeaders, waitForHydration } from './helpers.ts'

/**
 * The visitor page cache, through the real build in Chromium: a cached page hydrates under its
 * hash-based policy, a repeat visit costs a 304, a publish shows at once, and a signed-in member
 * never gets the anonymous copy.
 */
test.describe('visitor page cache', () => {
  test('a cached page hydrates and works under its own script hashes', async ({ page }) => {
    const violations: string[] = []
    // (Images on other hosts fail offline here; only policy refusals and script errors count.)
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text())
    })
    page.on('pageerror', (error) => violations.push(error.message))
    // Twice: the second answer is the stored copy.
    await page.request.get('/faqs')
    const response = await page.goto('/faqs')
    const headers = response!.headers()
    expect(headers['etag']).toMatch(/^W\/"/)
    const csp = headers['content-security-policy']!
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '))!
    expect(scriptSrc).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/)
    expect(scriptSrc).not.toContain('nonce-')
    expect(scriptSrc).not.toContain('unsafe-inline')
    await waitForHydration(page)
    // Hydrated: the accordion opens on a click (a React handler, not markup).
    // (The first question starts open; the second starts closed.)
    const second = page.getByRole('main').locator('button[aria-expanded]').nth(1)
    await expect(second).toHaveAttribute('aria-expanded', 'false')
    await second.click()
    await expect(second).toHaveAttribute('aria-expanded', 'true')
    expect(violations).toEqual([])
  })

  test('a repeat visit with the ETag costs a 304', async ({ request }) => {
    const first = await request.get('/blog')
    const etag = first.headers()['etag']!
    const again = await request.get('/blog', { headers: { 'if-none-match': etag } })
    expect(again.status()).toBe(304)
    expect(await again.body()).toHaveLength(0)
  })

  test('a post published by the admin is on the cached /blog and its page at once', async ({
    page,
  }) => {
    const visitor = await playwrightRequest.newContext({ baseURL: baseURL() })
    // Cache /blog and the page a new post will have.
    const title = `Cache check ${Date.now()}`
    const slug = slugify(title)
    await visitor.get('/blog')
    expect(await (await visitor.get('/blog')).text()).not.toContain(title)
    expect((await visitor.get(`/blog/${slug}`)).status()).toBe(404)

    await loginAs(page, 'admin')
    const { id } = await createPost(adminSend(page.request), {
      title,
      slug,
      content: '<p>Fresh from the observatory.</p>',
      status: 'published',
    })

    expect(await (await visitor.get('/blog')).text()).toContain(title)
    const post = await visitor.get(`/blog/${slug}`)
    expect(post.status()).toBe(200)
    expect(await post.text()).toContain('Fresh from the observatory.')

    // An edit and a delete show at once too.
    await page.request.post('/_api/blog/update', {
      data: { id, content: '<p>Revised after a second night.</p>' },
      headers: { origin: baseURL() },
    })
    expect(await (await visitor.get(`/blog/${slug}`)).text()).toContain('Revised after')
    await page.request.post('/_api/blog/delete', { data: { id }, headers: { origin: baseURL() } })
    expect((await visitor.get(`/blog/${slug}`)).status()).toBe(404)
    expect(await (await visitor.get('/blog')).text()).not.toContain(title)
    await visitor.dispose()
  })

  test('a signed-in member gets their own page, never the anonymous copy', async ({ page }) => {
    await page.request.get('/blog')
    await page.request.get('/blog')
    const { email, password } = ACCOUNTS.member
    const res = await page.request.post('/_api/auth/login_with_password', {
      data: { email, password },
      headers: loginHeaders(),
    })
    expect(res.ok()).toBe(true)
    const mine = await page.goto('/blog')
    expect(mine!.headers()['cache-control']).toBe('private, no-store')
    expect(mine!.headers()['etag']).toBeUndefined()
    expect(mine!.headers()['content-security-policy']).toContain('nonce-')
  })
})
