import { expect, type Page, test } from '@playwright/test'
import type { BlogPost } from '../../contracts/blog-constants.ts'
import { slugify } from '../../contracts/slug.ts'
import { loginAs, waitForHydration } from './helpers.ts'

const PREVIEW_HINT = 'Made from the title; if it is taken, the saved slug ends in -2, -3…'

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })
}

/** Fills a new post's form from the dashboard; the slug only when one is given. */
async function fillNewPost(page: Page, title: string, slug?: string) {
  await page.getByRole('button', { name: 'New Post' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create New Post' })
  await dialog.getByLabel('Title').fill(title)
  if (slug !== undefined) await dialog.getByLabel('Slug').fill(slug)
  await dialog.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type('The ring plane opens a little more each night.')
  return dialog
}

/** Saves the open form; answers what the browser sent and what the server answered. */
async function save(page: Page, path: string) {
  const request = page.waitForRequest(`**/_api/blog/${path}`)
  const response = page.waitForResponse(`**/_api/blog/${path}`)
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  const res = await response
  return {
    sent: (await request).postDataJSON() as Record<string, unknown>,
    status: res.status(),
    post: (await res.json()) as BlogPost & { error?: string },
  }
}

test('the dashboard leaves a post its slug to the server: one title twice is slug and slug-2, a typed taken slug is refused at the field', async ({
  page,
}) => {
  // Three saves and an edit through the dashboard on a shared machine.
  test.slow()
  const title = `Saturn's Rings Tonight ${Math.random().toString(36).slice(2, 8)}`
  const slug = slugify(title)
  expect(slug).toMatch(/^saturns-rings-tonight-[a-z0-9]{6}$/)
  await loginAs(page, 'admin')
  await page.goto('/admin?tab=posts')
  await waitForHydration(page)

  // The slug field previews the server's slug, says so, and the form does not send it.
  const first = await fillNewPost(page, title)
  await expect(first.getByLabel('Slug')).toHaveValue(slug)
  await expect(first.getByText(PREVIEW_HINT)).toBeVisible()
  const one = await save(page, 'create')
  expect(one.sent).not.toHaveProperty('slug')
  expect(one.status).toBe(200)
  expect(one.post.slug).toBe(slug)
  await expect(toast(page, 'Blog post created successfully.')).toBeVisible()
  await expect(first).toBeHidden()

  // The same title again is saved, with the documented suffix.
  const second = await fillNewPost(page, title)
  await expect(second.getByLabel('Slug')).toHaveValue(slug)
  const two = await save(page, 'create')
  expect(two.status).toBe(200)
  expect(two.post.slug).toBe(`${slug}-2`)
  await expect(second).toBeHidden()
  await page.getByPlaceholder('Search posts...').fill(title)
  await expect(page.getByText(`/${slug}-2`, { exact: true })).toBeVisible()
  await expect(page.getByText(`/${slug}`, { exact: true })).toBeVisible()

  // A slug the admin types is theirs: taken, it is refused next to the field, and nothing is saved.
  const typed = await fillNewPost(page, `Cassini Division ${slug}`, slug.toUpperCase())
  await expect(typed.getByText(PREVIEW_HINT)).toBeHidden()
  const refused = await save(page, 'create')
  expect(refused.sent.slug).toBe(slug.toUpperCase())
  expect(refused.status).toBe(409)
  const slugField = typed.getByLabel('Slug')
  await expect(slugField).toHaveAttribute('aria-invalid', 'true')
  await expect(slugField).toHaveAccessibleDescription(
    `A post with the slug "${slug}" already exists.`,
  )
  await expect(typed).toBeVisible()

  // Fixed in the field, it saves under the typed slug.
  await slugField.fill(`${slug} cassini`)
  const fixed = await save(page, 'create')
  expect(fixed.status).toBe(200)
  expect(fixed.post.slug).toBe(`${slug}-cassini`)
  await expect(typed).toBeHidden()

  // Renaming a post keeps its address.
  await page
    .getByRole('button', { name: `Actions for ${title}` })
    .first()
    .click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Post' })
  await edit.getByLabel('Title').fill(`${title} revisited`)
  await expect(edit.getByLabel('Slug')).not.toHaveValue(slugify(`${title} revisited`))
  const renamed = await save(page, 'update')
  expect(renamed.sent).not.toHaveProperty('slug')
  expect([slug, `${slug}-2`]).toContain(renamed.post.slug)
  expect(renamed.post.title).toBe(`${title} revisited`)
})
