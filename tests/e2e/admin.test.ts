import { expect, type Page, test } from '@playwright/test'
import type { AdminStats } from '../../contracts/admin-users.ts'
import { slugify } from '../../contracts/slug.ts'
import { ACCOUNTS, axeViolations, baseURL, loginAs, waitForHydration } from './helpers.ts'

// Each test works on records of its own (a unique suffix), so the tests can run side by side.
const unique = () => Math.random().toString(36).slice(2, 8)

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })
}

async function openAdmin(page: Page, tab?: string) {
  await loginAs(page, 'admin')
  await page.goto(tab ? `/admin?tab=${tab}` : '/admin')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
}

/** The dashboard's next totals from the server, as its refresh fetches them. */
async function freshStats(page: Page): Promise<AdminStats> {
  const res = await page.waitForResponse(
    (r) => r.url().includes('/_api/admin/stats') && r.request().method() === 'GET',
  )
  return (await res.json()) as AdminStats
}

/** Closing a form with changes asks first; this answers 'Discard changes'. */
async function discardChanges(page: Page) {
  await page
    .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click()
}

function rowMenu(page: Page, title: string) {
  return page.getByRole('button', { name: `Actions for ${title}` })
}

test('an admin writes a post in the rich-text editor, publishes it, finds it, edits and deletes it', async ({
  page,
}) => {
  // A whole author's task (12–16 s on the CI machine): room to spare on a slower one.
  test.slow()
  const title = `Nebula Notes ${unique()}`
  const slug = slugify(title)
  await openAdmin(page, 'posts')
  await expect(page.getByRole('tab', { name: 'Blog Posts' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  const before = Number(await page.getByTestId('totalBlogPosts').textContent())

  await page.getByRole('button', { name: 'New Post' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create New Post' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Status')).toHaveValue('draft')
  await expect(dialog.getByRole('button', { name: 'Select date' })).toBeVisible()

  // Submitting empty shows each field's first message.
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Title is required')).toBeVisible()
  await expect(dialog.getByText('Slug is required')).toBeVisible()
  await expect(dialog.getByText('Content is required')).toBeVisible()

  await dialog.getByLabel('Title').fill(title)
  await expect(dialog.getByLabel('Slug')).toHaveValue(slug)

  const editor = dialog.getByRole('textbox', { name: 'Content' })
  await editor.click()
  await dialog.getByRole('button', { name: 'Heading H2' }).click()
  await page.keyboard.type('Where to look')
  await page.keyboard.press('Enter')
  await dialog.getByRole('button', { name: 'Bulleted list' }).click()
  await page.keyboard.type('Orion')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Cygnus')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Read the guide')
  for (let i = 0; i < 'guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
  await dialog.getByRole('button', { name: 'Link', exact: true }).click()
  await dialog.getByLabel('Link address').fill('https://example.org/nebula-guide')
  await dialog.getByRole('button', { name: 'Apply link' }).click()
  await expect(editor.locator('h2')).toHaveText('Where to look')
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://example.org/nebula-guide')

  await dialog.getByLabel('Status').selectOption('published')
  await dialog.getByLabel('Tags').fill('nebulae, , deep sky ')
  await dialog.getByLabel('Excerpt').fill('Two constellations and a guide.')
  const created = page.waitForRequest('**/_api/blog/create')
  // The totals refresh after the save. Other tests add posts at the same time, so the card is
  // checked against the server's answer to that refresh, not against a count made here.
  const statsAfterCreate = freshStats(page)
  await dialog.getByRole('button', { name: 'Save' }).click()
  // What is stored is the text: not the empty paragraph the editor keeps after the last block.
  const { content } = (await created).postDataJSON() as { content: string }
  expect(content).toMatch(/^<h2>Where to look<\/h2><ul><li><p>Orion<\/p><\/li>/)
  expect(content).toMatch(/>guide<\/a><\/p>$/)
  await expect(toast(page, 'Blog post created successfully.')).toBeVisible()
  await expect(dialog).toBeHidden()
  const afterCreate = await statsAfterCreate
  expect(afterCreate.totalBlogPosts).toBeGreaterThan(before)
  await expect(page.getByTestId('totalBlogPosts')).toHaveText(String(afterCreate.totalBlogPosts))
  const row = page.getByRole('row', { name: new RegExp(title) })
  await expect(row).toContainText(`/${slug}`)
  await expect(row).toContainText('Published')

  // On the public site at once: the post page, /blog and the RSS feed.
  await page.goto(`/blog/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Where to look' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Cygnus' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'guide', exact: true })).toHaveAttribute(
    'href',
    'https://example.org/nebula-guide',
  )
  await expect(page.getByText('deep sky', { exact: true }).first()).toBeVisible()
  await page.goto('/blog')
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  const rss = await page.request.get('/rss.xml')
  expect(await rss.text()).toContain(title)
  const sitemap = await page.request.get('/sitemap.xml')
  expect(await sitemap.text()).toContain(`/blog/${slug}`)

  // Edit from the table, found by search.
  await page.goto('/admin?tab=posts')
  await waitForHydration(page)
  await page.getByPlaceholder('Search posts...').fill(title)
  await expect(page.getByRole('row')).toHaveCount(2)
  await rowMenu(page, title).click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Post' })
  await expect(edit.getByLabel('Title')).toHaveValue(title)
  await expect(edit.getByLabel('Tags')).toHaveValue('nebulae, deep sky')
  await edit.getByLabel('Title').fill(`${title} revised`)
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Blog post updated successfully.')).toBeVisible()
  await expect(page.getByText(`${title} revised`)).toBeVisible()

  await rowMenu(page, `${title} revised`).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Blog Post' })
  await expect(confirm).toContainText(
    `Are you sure you want to delete the blog post "${title} revised"? This action cannot be undone.`,
  )
  const statsAfterDelete = freshStats(page)
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Blog post deleted successfully.')).toBeVisible()
  await expect(page.getByText('No blog posts found.')).toBeVisible()
  const afterDelete = await statsAfterDelete
  await expect(page.getByTestId('totalBlogPosts')).toHaveText(String(afterDelete.totalBlogPosts))
  const gone = await page.request.get(`/blog/${slug}`)
  expect(gone.status()).toBe(404)
})

test('an admin creates, edits and deletes a page and an FAQ section', async ({ page }) => {
  test.slow()
  const name = `Observing Rules ${unique()}`
  const slug = slugify(name)
  await openAdmin(page, 'pages')
  await page.getByRole('button', { name: 'New Page' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create New Page' })
  await dialog.getByLabel('Title').fill(name)
  await dialog.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type('Red lights only at the field.')
  await dialog.getByLabel('Meta description').fill('How we observe together.')
  await dialog.getByLabel('Status').selectOption('published')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Page created successfully.')).toBeVisible()
  const res = await page.request.get(`/${slug}`)
  expect(res.status()).toBe(200)
  expect(await res.text()).toContain('How we observe together.')

  await page.getByPlaceholder('Search pages...').fill(name)
  await rowMenu(page, name).click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Page' })
  await edit.getByLabel('Status').selectOption('archived')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Page updated successfully.')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Archived')
  expect((await page.request.get(`/${slug}`, { headers: { cookie: '' } })).status()).toBe(404)
  await rowMenu(page, name).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await page
    .getByRole('alertdialog', { name: 'Delete Page' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(toast(page, 'Page deleted successfully.')).toBeVisible()
  await expect(page.getByText('No pages found.')).toBeVisible()

  // FAQs
  const question = `Can I bring a telescope ${unique()}?`
  await page.getByRole('tab', { name: 'FAQs' }).click()
  await expect(page).toHaveURL(/tab=faqs/)
  await page.getByRole('button', { name: 'New FAQ Section' }).click()
  const faq = page.getByRole('dialog', { name: 'Create FAQ Section' })
  await expect(faq.getByLabel('Content')).toHaveAttribute('rows', '8')
  await faq.getByLabel('Title').fill(question)
  await faq.getByLabel('Title').blur()
  await faq.getByLabel('Content').focus()
  await faq.getByLabel('Content').blur()
  await expect(faq.getByText('Content is required')).toBeVisible()
  await faq.getByLabel('Content').fill('Yes, and we will help you set it up.')
  await faq.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'FAQ section created successfully.')).toBeVisible()
  await expect(
    page.getByRole('row', { name: new RegExp(question.replace('?', '\\?')) }),
  ).toBeVisible()
  await page.goto('/faqs')
  await expect(page.getByRole('button', { name: question })).toBeVisible()
  await page.goBack()
  await waitForHydration(page)
  await rowMenu(page, question).click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  await page.getByRole('dialog', { name: 'Edit FAQ Section' }).getByLabel('Content').fill('Yes.')
  await page
    .getByRole('dialog', { name: 'Edit FAQ Section' })
    .getByRole('button', { name: 'Save' })
    .click()
  await expect(toast(page, 'FAQ section updated successfully.')).toBeVisible()
  await rowMenu(page, question).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await page
    .getByRole('alertdialog', { name: 'Delete FAQ Section' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(toast(page, 'FAQ section deleted successfully.')).toBeVisible()
  await expect(
    page.getByRole('row', { name: new RegExp(question.replace('?', '\\?')) }),
  ).toHaveCount(0)
})

test('an admin manages users: create with validation, search, sort, page, edit, password and delete', async ({
  page,
}) => {
  test.slow()
  const tag = unique()
  await openAdmin(page)
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true')
  // Eleven people to page through.
  for (let i = 0; i < 11; i++) {
    const res = await page.request.post('/_api/admin/users/create', {
      data: {
        email: `crew${i}-${tag}@example.com`,
        displayName: `Crew ${tag} ${String(i).padStart(2, '0')}`,
        password: 'crew password',
      },
      headers: { origin: baseURL() },
    })
    expect(res.status()).toBe(201)
  }
  // The spec's columns; the e-mail under the name.
  await expect(page.getByRole('columnheader')).toHaveText([
    /^User\b/,
    'Role',
    /^Created At\b/,
    'Actions',
  ])
  await page.getByPlaceholder('Search by name or email...').fill(`crew ${tag}`)
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await expect(
    page
      .getByRole('row', { name: `Crew ${tag} 10` })
      .getByRole('cell')
      .first(),
  ).toContainText(`crew10-${tag}@example.com`)
  await expect(page.getByRole('button', { name: /, open profile$/ })).toHaveCount(10)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  await expect(page.getByRole('button', { name: /, open profile$/ })).toHaveCount(1)
  await page.getByRole('button', { name: 'Previous' }).click()
  await page.getByRole('button', { name: 'User', exact: true }).click()
  await expect(page.getByRole('columnheader', { name: /User/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  await expect(page.getByRole('button', { name: /, open profile$/ }).first()).toContainText(
    `Crew ${tag} 00`,
  )

  // Create, with the spec's messages on blur.
  await page.getByRole('button', { name: 'Create User' }).click()
  const create = page.getByRole('dialog', { name: 'Create User' })
  await create.getByLabel('Email').fill('not-an-email')
  await create.getByLabel('Email').blur()
  await expect(create.getByText('Invalid email address')).toBeVisible()
  await create.getByLabel('Password').fill('short')
  await create.getByLabel('Password').blur()
  await expect(create.getByText('Password must be at least 8 characters long')).toBeVisible()
  await expect(create.getByLabel('Role')).toHaveAttribute('placeholder', 'e.g. user or admin')
  await create.getByRole('button', { name: 'Create User' }).click()
  await expect(create.getByText('Display name is required')).toBeVisible()
  await create.getByLabel('Display name').fill(`Lyra ${tag}`)
  await create.getByLabel('Email').fill(`lyra-${tag}@example.com`)
  await create.getByLabel('Password').fill('lyra password')
  await create.getByLabel('Role').fill('astronaut')
  await create.getByRole('button', { name: 'Create User' }).click()
  await expect(create.getByText('Role must be user or admin')).toBeVisible()
  await create.getByLabel('Role').fill('user')
  await create.getByRole('button', { name: 'Create User' }).click()
  await expect(toast(page, 'User created successfully.')).toBeVisible()

  await page.getByPlaceholder('Search by name or email...').fill(`lyra-${tag}`)
  await rowMenu(page, `Lyra ${tag}`).click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit User' })
  await edit.getByLabel('Display name').fill(`Lyra Vega ${tag}`)
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'User updated successfully.')).toBeVisible()

  // The profile dialog: initials, role badge, password change.
  await page
    .getByRole('button', { name: new RegExp(`^Lyra Vega ${tag}\\s?, open profile$`) })
    .click()
  const profile = page.getByRole('dialog', { name: 'User Profile' })
  await expect(profile.getByRole('img', { name: `Avatar of Lyra Vega ${tag}` })).toHaveText(
    `L${tag[0]!.toUpperCase()}`,
  )
  await profile.getByRole('button', { name: 'Change Password' }).click()
  await profile.getByLabel('New Password').fill('a new lyra password')
  await profile.getByRole('button', { name: 'Save Password' }).click()
  await expect(toast(page, 'Password updated successfully.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(profile).toBeHidden()

  await rowMenu(page, `Lyra Vega ${tag}`).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete User' })
  await expect(confirm).toContainText(
    `Are you sure you want to delete user "Lyra Vega ${tag}"? This action cannot be undone.`,
  )
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'User deleted successfully.')).toBeVisible()
  await expect(page.getByText('No users found.')).toBeVisible()

  // The signed-in admin has no Delete for themself; the server refuses it anyway.
  await page.getByPlaceholder('Search by name or email...').fill(ACCOUNTS.admin.email)
  await rowMenu(page, ACCOUNTS.admin.displayName).click()
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0)
  await page.keyboard.press('Escape')

  const list = await page.request.get(`/_api/admin/users/list?search=${tag}&limit=100`)
  for (const user of (await list.json()).users as Array<{ id: number }>)
    await page.request.post('/_api/admin/users/delete', {
      data: { userId: user.id },
      headers: { origin: baseURL() },
    })
})

test('keys pressed straight after a toolbar click land in the text, before the next frame', async ({
  page,
}) => {
  await openAdmin(page, 'posts')
  await page.getByRole('button', { name: 'New Post' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create New Post' })
  const editor = dialog.getByRole('textbox', { name: 'Content' })
  await editor.click()
  // Hold animation frames back, as a busy browser does between a click and the next key.
  await page.evaluate(() => {
    const w = window as unknown as { __frames: FrameRequestCallback[]; __raf: unknown }
    w.__frames = []
    w.__raf = window.requestAnimationFrame
    window.requestAnimationFrame = (callback) => w.__frames.push(callback)
  })
  await dialog.getByRole('button', { name: 'Heading H2' }).click()
  await page.keyboard.type('Where to look')
  await dialog.getByRole('button', { name: 'Bold' }).click()
  await page.keyboard.type(' tonight')
  await expect(editor).toBeFocused()
  await page.evaluate(() => {
    const w = window as unknown as {
      __frames: FrameRequestCallback[]
      __raf: typeof window.requestAnimationFrame
    }
    window.requestAnimationFrame = w.__raf
    for (const callback of w.__frames) window.requestAnimationFrame(callback)
  })
  await expect(editor.locator('h2')).toHaveText('Where to look tonight')
  await expect(editor.locator('h2 strong')).toHaveText(' tonight')
  await page.keyboard.press('Escape')
  await discardChanges(page)
})

test('a restored draft can be discarded: the form and the editor go back to the saved text', async ({
  page,
}) => {
  await openAdmin(page, 'pages')
  await page.getByRole('button', { name: 'New Page' }).click()
  let dialog = page.getByRole('dialog', { name: 'Create New Page' })
  await dialog.getByLabel('Title').fill(`Second thoughts ${unique()}`)
  await dialog.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type('Not worth keeping')
  await page.waitForTimeout(600)
  await page.reload()
  await waitForHydration(page)
  // With the editor's code already loaded, the editor mounts with the dialog, not a moment later:
  // the restored text must be in it all the same.
  await page.getByRole('tab', { name: 'Blog Posts' }).click()
  await page.getByRole('button', { name: 'New Post' }).click()
  const post = page.getByRole('dialog', { name: 'Create New Post' })
  await expect(post.getByRole('textbox', { name: 'Content' })).toBeVisible()
  await post.getByRole('button', { name: 'Cancel' }).click()
  await expect(post).toBeHidden()
  await page.getByRole('tab', { name: 'Pages' }).click()
  await page.getByRole('button', { name: 'Continue editing' }).click()
  dialog = page.getByRole('dialog', { name: 'Create New Page' })
  const editor = dialog.getByRole('textbox', { name: 'Content' })
  await expect(editor).toContainText('Not worth keeping')

  await dialog.getByRole('button', { name: 'Discard draft' }).click()
  await expect(dialog.getByText(/Restored your unsaved changes/)).toHaveCount(0)
  await expect(dialog.getByLabel('Title')).toHaveValue('')
  await expect(editor).not.toContainText('Not worth keeping')
  await editor.click()
  await page.keyboard.type('A fresh start')
  await expect(editor).toHaveText('A fresh start')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await discardChanges(page)
  await expect(dialog).toBeHidden()
})

test('unsaved work survives a reload, and closing with changes asks first', async ({ page }) => {
  const title = `Draft Survives ${unique()}`
  await openAdmin(page, 'pages')
  await page.getByRole('button', { name: 'New Page' }).click()
  let dialog = page.getByRole('dialog', { name: 'Create New Page' })
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type('Half a thought')
  await page.waitForTimeout(600)
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByText(`You have an unsaved new page “${title}”.`)).toBeVisible()
  await page.getByRole('button', { name: 'Continue editing' }).click()
  dialog = page.getByRole('dialog', { name: 'Create New Page' })
  await expect(dialog.getByText(/Restored your unsaved changes/)).toBeVisible()
  await expect(dialog.getByLabel('Title')).toHaveValue(title)
  await expect(dialog.getByRole('textbox', { name: 'Content' })).toContainText('Half a thought')

  await page.keyboard.press('Escape')
  const ask = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' })
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Title')).toHaveValue(title)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await ask.getByRole('button', { name: 'Discard changes' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(/You have an unsaved new page/)).toHaveCount(0)
  await page.getByRole('button', { name: 'New Page' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Create New Page' }).getByLabel('Title'),
  ).toHaveValue('')
})

test('a whole task with the keyboard alone: create and delete an FAQ section', async ({ page }) => {
  const question = `Keyboard question ${unique()}`
  await openAdmin(page, 'faqs')
  const opener = page.getByRole('button', { name: 'New FAQ Section' })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Create FAQ Section' })
  await expect(dialog).toBeVisible()
  // The dialog opens on its first field, and what is typed at once lands there.
  await expect(dialog.getByLabel('Title')).toBeFocused()
  await page.keyboard.type(question)
  await page.keyboard.press('Tab')
  await page.keyboard.type('Everything works without a mouse.')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused()
  // Close is the last stop, and focus is trapped in the dialog: Tab from it comes back to the
  // first field.
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Title')).toBeFocused()
  await expect(dialog.getByLabel('Title')).toHaveValue(question)
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'FAQ section created successfully.')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  const menu = rowMenu(page, question)
  await menu.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeFocused()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('alertdialog', { name: 'Delete FAQ Section' })
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(toast(page, 'FAQ section deleted successfully.')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(question) })).toHaveCount(0)
})

test('the FAQ form says how long an answer may be, and sends nothing longer', async ({ page }) => {
  await openAdmin(page, 'faqs')
  let sent = 0
  await page.route('**/_api/faqs/create', (route) => {
    sent++
    return route.continue()
  })
  await page.getByRole('button', { name: 'New FAQ Section' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create FAQ Section' })
  await dialog.getByLabel('Title').fill(`Long answer ${unique()}`)
  await dialog.getByLabel('Content').fill('a'.repeat(20_001))
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Content must be at most 10,000 characters')).toBeVisible()
  expect(sent).toBe(0)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
})

test('an address naming no tab, even a name every object has, opens the first tab', async ({
  page,
}) => {
  for (const name of ['toString', 'constructor', '__proto__', 'nonsense']) {
    await openAdmin(page, name)
    await expect(page.getByRole('tab', { name: 'Users' }), name).toHaveAttribute(
      'aria-selected',
      'true',
    )
  }
})

test('the open tab is in the address: reload and Back keep it', async ({ page }) => {
  await openAdmin(page)
  await page.getByRole('tab', { name: 'Pages' }).click()
  await expect(page).toHaveURL(/\?tab=pages$/)
  await page.getByRole('tab', { name: 'Header Images' }).click()
  await expect(page).toHaveURL(/\?tab=images$/)
  await expect(page.getByRole('heading', { name: 'Upload New Header Image' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Uploaded Images' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Upload Image' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('tab', { name: 'Pages' })).toHaveAttribute('aria-selected', 'true')
  await page.reload()
  await expect(page.getByRole('tab', { name: 'Pages' })).toHaveAttribute('aria-selected', 'true')
})

test('/editor has the Blog Posts and Pages tabs with their own dialog titles', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/editor')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'New Blog Post' }).click()
  await expect(page.getByRole('dialog', { name: 'Create New Blog Post' })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByRole('tab', { name: 'Pages' }).click()
  await page.getByRole('button', { name: 'New Page' }).click()
  await expect(page.getByRole('dialog', { name: 'Create New Page' })).toBeVisible()
})

test('a member sees Access Denied on /admin and /editor', async ({ page }) => {
  await loginAs(page, 'member')
  for (const path of ['/admin', '/editor']) {
    const res = await page.goto(path)
    expect(res?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
    await expect(page.getByRole('tab')).toHaveCount(0)
  }
})

test('the admin dialogs have no WCAG 2.2 AA violations, in both themes', async ({ page }) => {
  test.setTimeout(180_000)
  const violations: string[] = []
  const check = async (what: string) => {
    for (const v of await axeViolations(page))
      violations.push(`${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
  }
  for (const theme of ['dark', 'light'] as const) {
    await page
      .context()
      .addCookies([{ name: 'theme', value: theme === 'light' ? 'auto' : 'dark', url: baseURL() }])
    await page.emulateMedia({ colorScheme: theme })
    await openAdmin(page, 'posts')
    await page.getByRole('button', { name: 'New Post' }).click()
    await page
      .getByRole('dialog', { name: 'Create New Post' })
      .getByRole('button', { name: 'Save' })
      .click()
    await expect(page.getByText('Title is required')).toBeVisible()
    await check(`${theme} post form with errors`)
    await page.keyboard.press('Escape')
    await page.getByRole('tab', { name: 'FAQs' }).click()
    await page.getByRole('button', { name: 'New FAQ Section' }).click()
    await expect(page.getByRole('dialog', { name: 'Create FAQ Section' })).toBeVisible()
    await check(`${theme} FAQ form`)
    await page.keyboard.press('Escape')
    await page.getByRole('tab', { name: 'Users' }).click()
    await page
      .getByRole('button', { name: /, open profile$/ })
      .first()
      .click()
    await expect(page.getByRole('dialog', { name: 'User Profile' })).toBeVisible()
    await check(`${theme} user profile`)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Create User' }).click()
    await expect(page.getByRole('dialog', { name: 'Create User' })).toBeVisible()
    await check(`${theme} user form`)
    await page.keyboard.press('Escape')
  }
  expect(violations, violations.join('\n')).toEqual([])
})
