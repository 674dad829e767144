import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { RADIO_MESSAGES } from '../../contracts/radio.ts'
import { E2E } from '../support/e2e-accounts.ts'
import { type RunningServer, startServer } from '../../scripts/start-server.ts'

/**
 * `npm start` with nothing set up but the admin: no radio station, no Discord, no YouTube. The
 * sky sources point at a closed loopback port, so nothing leaves the machine.
 */
test.describe('a fresh install without the optional integrations', () => {
  test.describe.configure({ mode: 'serial' })
  const PORT = E2E.port + 6
  const base = `http://127.0.0.1:${PORT}`
  const CLOSED = 'http://127.0.0.1:9'
  let server: RunningServer
  let dataDir: string
  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'site-fresh-'))
    server = await startServer({
      port: PORT,
      env: {
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'fresh-install-1',
        SWPC_URL: CLOSED,
        NASA_API_URL: CLOSED,
        APOD_PAGE_URL: CLOSED,
        NEWS_FEEDS: `${CLOSED}/feed`,
      },
    })
    expect(server.exitCode, server.stderr).toBeNull()
  })
  test.afterAll(async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  for (const width of [390, 1366]) {
    test(`no player, no /music link, nothing fetched for them and no console error (${width} px)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`)
      })
      page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`))
      const asked: string[] = []
      page.on('request', (r) => asked.push(new URL(r.url()).pathname))

      for (const route of ['/', '/blog', '/music']) {
        const res = await page.goto(`${base}${route}`)
        expect(res?.status(), route).toBe(200)
        // The player's chunk and every fetch of the page have come and gone.
        await page.waitForLoadState('networkidle')
        await expect(page.locator('main h1').first()).toBeVisible()
        await expect(page.getByTestId('radio-mini-player')).toHaveCount(0)
        await expect(page.locator('audio')).toHaveCount(0)
        await expect(page.locator('a[href="/music"]')).toHaveCount(0)
        if (width < 768) {
          await page.getByRole('button', { name: 'Open menu' }).click()
          await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
          await expect(page.locator('a[href="/music"]')).toHaveCount(0)
        }
      }
      await expect(page.getByText(RADIO_MESSAGES.notSetUp)).toBeVisible()
      await expect(page.getByText(RADIO_MESSAGES.unavailable)).toHaveCount(0)

      await page.goto(`${base}/`)
      await page.waitForLoadState('networkidle')
      await expect(page.getByRole('heading', { name: 'From the Community' })).toHaveCount(0)
      await expect(page.getByText('Could not connect to Discord')).toHaveCount(0)
      await expect(page.getByText('Could not load YouTube data.')).toHaveCount(0)

      expect(
        asked.filter((p) => /^\/_api\/(radio|discord|youtube\/channel-stats)/.test(p)),
      ).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    })
  }

  test('the endpoints say "not configured" with 200', async ({ request }) => {
    for (const api of [
      '/_api/radio/nowplaying',
      '/_api/radio/station',
      '/_api/discord/widget',
      '/_api/discord/channel-images',
      '/_api/youtube/channel-stats',
    ]) {
      const res = await request.get(`${base}${api}`)
      expect(res.status(), api).toBe(200)
      expect(await res.json(), api).toEqual({ configured: false })
    }
  })
})
