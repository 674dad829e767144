import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import type { ResourceListResponse } from '../../contracts/resource-constants.ts'
import { axeViolations, baseURL, loginAs, waitForHydration } from './helpers.ts'
import { themedContext } from './route-walk.ts'

// Each run uploads a resource of its own (a unique tag in its title) and deletes it at the end.
const tag = Math.random().toString(36).slice(2, 8)
const TITLE = `Winter star chart ${tag}`
/** A PDF by its first bytes, under a name no file system would take as it is. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.from(`1 0 obj\n<< /Title (Winter sky ${tag}) >>\nendobj\n`),
  Buffer.alloc(2400, 0x20),
  Buffer.from('%%EOF\n'),
])
const FILE_NAME = `winter "sky" ${tag}.pdf`
const SAFE_NAME = `winter _sky_ ${tag}.pdf`

async function ownResource(page: Page) {
  const list = (await (await page.request.get('/_api/resources/list?limit=100')).json()) as
    ResourceListResponse | undefined
  return list?.resources.find((r) => r.title.includes(tag))
}

test.describe.configure({ mode: 'serial' })

test('a visitor is sent to sign in', async ({ page }) => {
  const response = await page.goto('/resources')
  expect(response?.status()).toBe(401)
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText('You must be logged in to view member resources.')).toBeVisible()
  expect(await page.content()).not.toContain('/_api/resources/download')
  await waitForHydration(page)
  expect(await axeViolations(page)).toEqual([])
  await page.getByRole('link', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL('/login')
  const download = await page.request.get('/_api/resources/download?id=1')
  expect(download.status()).toBe(401)
})

test('an admin uploads a resource in the Resources tab', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/admin?tab=resources')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Upload New Resource' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Resources', selected: true })).toBeVisible()

  await page.getByRole('button', { name: 'Upload Resource' }).click()
  await expect(page.getByText('Choose a file to upload')).toBeVisible()

  // A program named like a PDF is refused by its content.
  await page.getByLabel('File').setInputFiles({
    name: 'chart.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('\x7fELF\x02\x01\x01\x00 not a chart', 'latin1'),
  })
  await page.getByLabel('Title').fill(`Refused ${tag}`)
  await page.getByRole('button', { name: 'Upload Resource' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Programs and scripts cannot be shared as resources. Upload a PDF, PNG, JPEG, WebP, ZIP or FITS file.',
  )

  await page.getByLabel('File').setInputFiles({
    name: FILE_NAME,
    mimeType: 'application/pdf',
    buffer: PDF,
  })
  await expect(page.getByTestId('file-info')).toContainText('2.5 KB')
  await page.getByLabel('Title').fill(TITLE)
  await page.getByLabel('Description').fill('The winter hexagon, for a 10x50 binocular.')
  await page.getByRole('button', { name: 'Upload Resource' }).click()
  await expect(page.getByText('Resource uploaded successfully.')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: TITLE })
  await expect(row).toContainText('PDF')
  await expect(row).toContainText(SAFE_NAME)
  await expect(row.getByTestId('download-count')).toHaveText('0')
  expect(await axeViolations(page)).toEqual([])
})

test('a member sees the list and downloads the file with its bytes and name', async ({ page }) => {
  await loginAs(page, 'member')
  await page.goto('/resources')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Member Resources' })).toBeVisible()
  const card = page.getByRole('listitem').filter({ hasText: TITLE })
  await expect(card).toContainText('The winter hexagon, for a 10x50 binocular.')
  await expect(card).toContainText('PDF')
  await expect(card).toContainText('2.5 KB')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: `Download ${TITLE}` }).click(),
  ])
  expect(download.suggestedFilename()).toBe(SAFE_NAME)
  expect((await readFile(await download.path())).equals(PDF)).toBe(true)
  expect(await axeViolations(page)).toEqual([])
  // Members never see the download counts.
  expect((await ownResource(page))?.downloadCount).toBeUndefined()
})

test('both pages are axe clean in the dark theme on a phone, the list and the tab included', async ({
  browser,
}) => {
  const context = await themedContext(browser, 'dark', { width: 360, height: 800 })
  const page = await context.newPage()
  await loginAs(page, 'member')
  await page.goto('/resources')
  await waitForHydration(page)
  await expect(page.getByRole('listitem').filter({ hasText: TITLE })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await loginAs(page, 'admin')
  await page.goto('/admin?tab=resources')
  await waitForHydration(page)
  await expect(page.getByRole('row').filter({ hasText: TITLE })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await context.close()
})

test('the admin sees the download, edits the resource and deletes it with confirmation', async ({
  page,
}) => {
  await loginAs(page, 'admin')
  await page.goto('/admin?tab=resources')
  await waitForHydration(page)
  const row = page.getByRole('row').filter({ hasText: TITLE })
  await expect(row.getByTestId('download-count')).toHaveText('1')

  await row.getByRole('button', { name: `Actions for ${TITLE}` }).click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Resource' })
  await dialog.getByLabel('Title').fill(`${TITLE} (revised)`)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('row').filter({ hasText: `${TITLE} (revised)` })).toBeVisible()

  const revised = page.getByRole('row').filter({ hasText: `${TITLE} (revised)` })
  await revised.getByRole('button', { name: `Actions for ${TITLE} (revised)` }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('This action cannot be undone.')
  await confirm.getByRole('button', { name: /Delete|Confirm/ }).click()
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(0)
  expect(await ownResource(page)).toBeUndefined()
})

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: baseURL() })
  const page = await context.newPage()
  await loginAs(page, 'admin')
  const left = await ownResource(page)
  if (left)
    await page.request.post('/_api/resources/delete', {
      data: { id: left.id },
      headers: { origin: baseURL() },
    })
  await context.close()
})
