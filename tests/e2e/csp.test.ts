import { expect, test, type Page } from '@playwright/test'
import { waitForHydration } from './helpers.ts'

function scriptSrc(csp: string): string[] {
  const directive = csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '))
  return directive ? directive.split(/\s+/).slice(1) : []
}

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()} (${msg.location().url})`)
  })
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  return errors
}

test.describe('content security policy', () => {
  test('a page made for one request has a nonce-based script-src without unsafe-inline', async ({
    page,
  }) => {
    // /contact is never served from the visitor cache (those pages carry script hashes instead:
    // tests/e2e/page-cache.test.ts).
    const response = await page.goto('/contact')
    const csp = response?.headers()['content-security-policy']
    expect(csp, 'Content-Security-Policy header').toBeTruthy()
    const sources = scriptSrc(csp!)
    expect(sources.length).toBeGreaterThan(0)
    expect(sources).not.toContain("'unsafe-inline'")
    const nonce = sources.find((s) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(s))
    expect(nonce, `script-src has a nonce: ${sources.join(' ')}`).toBeTruthy()

    // The nonce is the one the page's inline scripts carry, and it is fresh for each response.
    const value = nonce!.slice("'nonce-".length, -1)
    expect(await response!.text()).toContain(`nonce="${value}"`)
    const again = await page.request.get('/contact')
    expect(scriptSrc(again.headers()['content-security-policy'] ?? '')).not.toContain(nonce)
  })

  test('visiting / and /admin/login logs no console errors', async ({ page }) => {
    const errors = collectConsoleErrors(page)
    // Images on other hosts (the radio's cover art, YouTube thumbnails, Discord avatars and
    // attachments) are answered here, offline; a CSP refusal would still be logged.
    for (const host of [
      'https://radio.example.org/**',
      'https://i.ytimg.com/**',
      'https://cdn.discordapp.com/**',
      'https://media.discordapp.net/**',
    ])
      await page.route(host, (route) =>
        route.fulfill({
          contentType: 'image/svg+xml',
          body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
        }),
      )
    await page.goto('/')
    await waitForHydration(page)
    await page.goto('/admin/login')
    await waitForHydration(page)
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor()
    expect(errors).toEqual([])
  })
})
