import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E } from '../support/e2e-accounts.ts'
import { healthStatus } from '../../scripts/start-server.ts'

/** `npm run demo` (after the build) serves every data-backed page from its own loopback fakes. */
test('the offline demo shows data on every page', async ({ page }) => {
  test.setTimeout(90_000)
  const port = E2E.port + 10
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-demo-'))
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', 'scripts/demo.ts'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DEMO_FAKES_PORT: String(port + 1),
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr.on('data', (c: Buffer) => (output += c.toString()))
  try {
    for (let i = 0; i < 100 && (await healthStatus(port, 500)) !== 200; i++)
      await new Promise((r) => setTimeout(r, 200))
    expect(output).toContain('Demo running at')
    const base = `http://127.0.0.1:${port}`
    for (const api of [
      '/_api/solar-weather',
      '/_api/apod',
      '/_api/news/combined',
      '/_api/moon-phase',
      '/_api/discord/widget',
      '/_api/discord/channel-images?limit=10',
    ]) {
      const res = await page.request.get(base + api)
      expect(res.status(), api).toBe(200)
    }
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`${base}/_api/youtube/list`)).json()) as {
              pagination: { total: number }
            }
          ).pagination.total,
      )
      .toBeGreaterThan(0)
    await page.goto(`${base}/kp-index`)
    await expect(page.getByRole('heading', { name: 'The Planetary K-index' })).toBeVisible()
    await expect(page.getByText('Error Fetching Data')).toHaveCount(0)
    await page.goto(`${base}/astronomy-news`)
    await expect(page.getByText('Error Fetching News')).toHaveCount(0)
    await expect(page.getByRole('link', { name: /./ }).first()).toBeVisible()
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
})
