import { readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import tar from 'tar-stream'
import { axeViolations, baseURL, loginAs, showScheme, waitForHydration } from './helpers.ts'

/** The manifest.json inside a .tar.gz backup. */
async function manifestOf(archive: Buffer): Promise<{ format: number; tables: unknown[] }> {
  const extract = tar.extract()
  Readable.from([gunzipSync(archive)]).pipe(extract)
  for await (const entry of extract) {
    const chunks: Buffer[] = []
    for await (const chunk of entry) chunks.push(chunk as Buffer)
    if (entry.header.name === 'manifest.json') return JSON.parse(Buffer.concat(chunks).toString())
  }
  throw new Error('no manifest.json in the archive')
}

/**
 * The admin's Backups tab: the schedule's state and the list (the test server makes no scheduled
 * backups), and "Export site", which downloads the archive `npm run backup` writes.
 */
test('the Backups tab says the schedule is off and Export site downloads a backup', async ({
  page,
}) => {
  await loginAs(page, 'admin')
  await page.context().addCookies([{ name: 'theme', value: 'auto', url: baseURL() }])
  await page.goto('/admin')
  await waitForHydration(page)
  await expect(page.getByTestId('last-backup')).toHaveText('Scheduled backups are off.')

  await page.getByRole('tab', { name: 'Backups', exact: true }).click()
  await expect(page).toHaveURL(/tab=backups/)
  await expect(page.getByTestId('backup-schedule')).toContainText('Scheduled backups are off')
  await expect(
    page.getByRole('region', { name: 'Backups', exact: true }).getByText('No backups yet.'),
  ).toBeVisible()

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export site' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^site-backup-\d{4}-\d{2}-\d{2}\.tar\.gz$/)
  const manifest = await manifestOf(await readFile((await download.path())!))
  expect(manifest.format).toBe(1)
  expect(manifest.tables.length).toBeGreaterThan(5)

  for (const scheme of ['dark', 'light'] as const) {
    await showScheme(page, scheme)
    expect(await axeViolations(page), `axe, ${scheme}`).toEqual([])
  }
})
