import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Locator, test } from '@playwright/test'
import { axeViolations, baseURL, loginAs, showScheme, waitForHydration } from './helpers.ts'

/**
 * The admin's Import tab: the Ghost fixture is chosen, previewed (nothing written), imported,
 * and the counts shown. Each run imports its own copy (its own ids and slugs), and what it
 * brought in is deleted at the end: other tests count the posts and pages.
 */
const FIXTURE = path.resolve('tests/fakes/fixtures/ghost/ghost-6-export.json')

interface GhostPost {
  uuid: string
  slug: string
  title: string
  type: string
}

function uniqueExport(id: string): { buffer: Buffer; posts: GhostPost[] } {
  const doc = JSON.parse(readFileSync(FIXTURE, 'utf8')) as {
    db: Array<{ data: { posts: GhostPost[] } }>
  }
  const posts = doc.db[0]!.data.posts
  for (const post of posts) {
    post.uuid = `${id}${post.uuid.slice(6)}`
    post.slug = `${post.slug}-${id}`
  }
  return { buffer: Buffer.from(JSON.stringify(doc)), posts }
}

/** Chooses the export in the Ghost section and previews it: the result's region. */
async function previewGhost(section: Locator, buffer: Buffer): Promise<Locator> {
  await section
    .getByLabel('Export file')
    .setInputFiles({ name: 'ghost-export.json', mimeType: 'application/json', buffer })
  await section.getByRole('button', { name: 'Preview import' }).click()
  return section.getByTestId('import-result')
}

test('a Ghost export is previewed, then imported, and the counts are shown', async ({ page }) => {
  const id = Math.random().toString(16).slice(2, 8).padEnd(6, '0')
  const { buffer, posts } = uniqueExport(id)
  await loginAs(page, 'admin')
  await page.context().addCookies([{ name: 'theme', value: 'auto', url: baseURL() }])
  try {
    await page.goto('/admin?tab=import')
    await waitForHydration(page)
    const section = page.getByRole('region', { name: 'Import from Ghost' })
    await expect(section.getByRole('button', { name: 'Import', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await expect(section.getByLabel('Export file')).toBeEnabled()
    const result = await previewGhost(section, buffer)
    await expect(
      result.getByRole('heading', { name: 'Preview: the import would create' }),
    ).toBeVisible()
    await expect(result.getByRole('definition').nth(0)).toHaveText('6')
    await expect(result.getByRole('definition').nth(1)).toHaveText('2')
    const skipped = result.getByRole('list', { name: 'Skipped items' })
    await expect(skipped.getByRole('listitem')).toHaveCount(2)
    await expect(skipped).toContainText('The Old Mobiledoc Post')
    await expect(skipped).toContainText('Lexical or mobiledoc')
    // Nothing written by the preview.
    const before = await page.request.post('/_api/blog/get', {
      data: { slug: `saturn-at-opposition-${id}` },
    })
    expect(before.status()).toBe(404)

    for (const scheme of ['dark', 'light'] as const) {
      await showScheme(page, scheme)
      expect(await axeViolations(page), `axe, ${scheme}`).toEqual([])
    }

    await section.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(result.getByRole('heading', { name: 'Imported from Ghost' })).toBeVisible()
    await expect(result.getByRole('definition').nth(0)).toHaveText('6')
    await expect(result.getByRole('definition').nth(1)).toHaveText('2')
    await expect(page.getByText('Imported from Ghost: 6 posts, 2 pages.')).toBeVisible()

    // A second import of the same file creates nothing.
    await section.getByRole('button', { name: 'Preview import' }).click()
    await expect(
      result.getByRole('heading', { name: 'Preview: the import would create nothing' }),
    ).toBeVisible()
  } finally {
    for (const post of posts) {
      const kind = post.type === 'page' ? 'pages' : 'blog'
      const found = await page.request.post(`/_api/${kind}/get`, { data: { slug: post.slug } })
      if (found.ok()) {
        const { id: itemId } = (await found.json()) as { id: string }
        await page.request.post(`/_api/${kind}/delete`, { data: { id: itemId } })
      }
    }
  }
})

test('a file that is not a Ghost export is refused with its reason', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/admin?tab=import')
  await waitForHydration(page)
  const section = page.getByRole('region', { name: 'Import from Ghost' })
  await expect(section.getByLabel('Export file')).toBeEnabled()
  await section.getByLabel('Export file').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"notes": []}'),
  })
  await section.getByRole('button', { name: 'Preview import' }).click()
  await expect(section.getByRole('alert')).toContainText('The file is not a Ghost export')
})

const WORDPRESS_FIXTURE = path.resolve('tests/fakes/fixtures/wordpress/wxr-1.2-export.xml')
const WORDPRESS_ITEMS = {
  post: [
    'orions-great-nebula',
    'totality-over-the-atlantic',
    'pleiades',
    'observing-log-members-night',
    'eclipse-totale-2026',
    'notes-for-the-club',
    'geminids-peak-tonight',
  ],
  page: ['about'],
}

/** The WordPress fixture with its own addresses and slugs for this run. */
function uniqueWordPressExport(id: string): Buffer {
  const xml = readFileSync(WORDPRESS_FIXTURE, 'utf8')
    .replaceAll('skywatch.example', `skywatch-${id}.example`)
    .replace(
      '<wp:post_name><![CDATA[]]></wp:post_name>',
      '<wp:post_name><![CDATA[pleiades]]></wp:post_name>',
    )
    .replace(
      /<wp:post_name><!\[CDATA\[([^\]]+)\]\]><\/wp:post_name>/g,
      (_, slug: string) => `<wp:post_name><![CDATA[${slug}-${id}]]></wp:post_name>`,
    )
  return Buffer.from(xml)
}

test('a WordPress export is previewed, then imported, and the counts are shown', async ({
  page,
}) => {
  const id = Math.random().toString(16).slice(2, 8).padEnd(6, '0')
  await loginAs(page, 'admin')
  try {
    await page.goto('/admin?tab=import')
    await waitForHydration(page)
    const section = page.getByRole('region', { name: 'Import from WordPress' })
    await expect(section).toContainText('Tools → Export')
    await expect(section.getByLabel('Export file')).toBeEnabled()
    await section.getByLabel('Export file').setInputFiles({
      name: 'skywatch.WordPress.xml',
      mimeType: 'text/xml',
      buffer: uniqueWordPressExport(id),
    })
    await section.getByRole('button', { name: 'Preview import' }).click()
    const result = section.getByTestId('import-result')
    await expect(
      result.getByRole('heading', { name: 'Preview: the import would create' }),
    ).toBeVisible()
    await expect(result.getByRole('definition').nth(0)).toHaveText('7')
    await expect(result.getByRole('definition').nth(1)).toHaveText('1')
    await expect(result.getByRole('list', { name: 'Skipped items' })).toContainText(
      'It is in WordPress’s trash.',
    )

    await section.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(result.getByRole('heading', { name: 'Imported from WordPress' })).toBeVisible()
    await expect(page.getByText('Imported from WordPress: 7 posts, 1 page.')).toBeVisible()
    const imported = await page.request.post('/_api/blog/get', {
      data: { slug: `orions-great-nebula-${id}` },
    })
    expect(imported.status()).toBe(200)
  } finally {
    for (const [kind, slugs] of [
      ['blog', WORDPRESS_ITEMS.post],
      ['pages', WORDPRESS_ITEMS.page],
    ] as const) {
      for (const slug of slugs) {
        const found = await page.request.post(`/_api/${kind}/get`, {
          data: { slug: `${slug}-${id}` },
        })
        if (!found.ok()) continue
        const { id: itemId } = (await found.json()) as { id: string }
        await page.request.post(`/_api/${kind}/delete`, { data: { id: itemId } })
      }
    }
  }
})

test('a preview with more skipped items than it lists counts them all and says so', async ({
  page,
}) => {
  // Editor-only posts, skipped: a preview writes nothing, so nothing is left to delete.
  const posts = Array.from({ length: 520 }, (_, i) => ({
    id: `editor-only-${i}`,
    title: `Editor only ${i}`,
    lexical: '{"root":{}}',
    html: null,
    type: 'post',
    status: 'published',
  }))
  const buffer = Buffer.from(
    JSON.stringify({ db: [{ meta: { version: '6.3.0' }, data: { posts } }] }),
  )
  await loginAs(page, 'admin')
  await page.goto('/admin?tab=import')
  await waitForHydration(page)
  const section = page.getByRole('region', { name: 'Import from Ghost' })
  const result = await previewGhost(section, buffer)
  await expect(
    result.getByRole('heading', { name: 'Preview: the import would create nothing' }),
  ).toBeVisible()
  await expect(result.getByRole('heading', { name: 'Would be skipped (520)' })).toBeVisible()
  await expect(result.getByText('The first 500 are listed.')).toBeVisible()
  await expect(
    result.getByRole('list', { name: 'Skipped items' }).getByRole('listitem'),
  ).toHaveCount(500)
})
