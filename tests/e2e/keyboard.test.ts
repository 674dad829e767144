import { expect, type Locator, type Page, test } from '@playwright/test'
import { ensureVideos, loginAs, waitForHydration, withInvoice } from './helpers.ts'

async function openAdmin(page: Page, tab: string) {
  await page.goto(`/admin?tab=${tab}`)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
}

/**
 * A dialog opens with its first field focused, and its Close button is the last stop: Shift+Tab
 * from the first field wraps to Close, and Tab from Close comes back to the first field.
 */
async function expectFirstFieldThenClose(dialog: Locator, first: Locator) {
  const page = dialog.page()
  await expect(dialog).toBeVisible()
  await expect(first).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(first).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

/** Opens the row menu of the first row whose menu is named "Actions for …" and picks an item. */
async function firstRowAction(page: Page, item: string) {
  await page
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click()
  await page.getByRole('menuitem', { name: item, exact: true }).click()
}

test.describe('dialogs open on their first field, Close last', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin')
  })

  test('posts, pages and FAQs: create and edit', async ({ page }) => {
    await openAdmin(page, 'posts')
    await page.getByRole('button', { name: 'New Post' }).click()
    let dialog = page.getByRole('dialog', { name: 'Create New Post' })
    await expectFirstFieldThenClose(dialog, dialog.getByLabel('Title'))
    await firstRowAction(page, 'Edit')
    dialog = page.getByRole('dialog', { name: 'Edit Post' })
    await expectFirstFieldThenClose(dialog, dialog.getByLabel('Title'))

    await page.getByRole('tab', { name: 'Pages' }).click()
    await page.getByRole('button', { name: 'New Page' }).click()
    dialog = page.getByRole('dialog', { name: 'Create New Page' })
    await expectFirstFieldThenClose(dialog, dialog.getByLabel('Title'))
    await firstRowAction(page, 'Edit')
    dialog = page.getByRole('dialog', { name: 'Edit Page' })
    await expectFirstFieldThenClose(dialog, dialog.getByLabel('Title'))

    await page.getByRole('tab', { name: 'FAQs' }).click()
    await page.getByRole('button', { name: 'New FAQ Section' }).click()
    dialog = page.getByRole('dialog', { name: 'Create FAQ Section' })
    await expectFirstFieldThenClose(dialog, dialog.getByLabel('Title'))
    await firstRowAction(page, 'Edit')
    dialog = page.getByRole('dialog', { name: 'Edit FAQ Section' })
    await expectFirstFieldThenClose(dialog, dialog.getByLabel('Title'))
  })

  test('users: create, edit and the profile', async ({ page }) => {
    await openAdmin(page, 'users')
    await page.getByRole('button', { name: 'Create User' }).click()
    let dialog = page.getByRole('dialog', { name: 'Create User' })
    await expectFirstFieldThenClose(dialog, dialog.getByLabel('Display name'))
    await firstRowAction(page, 'Edit')
    dialog = page.getByRole('dialog', { name: 'Edit User' })
    await expectFirstFieldThenClose(dialog, dialog.getByLabel('Display name'))
    // The profile has no field until 'Change password' opens one: its first control.
    await firstRowAction(page, 'View profile')
    dialog = page.getByRole('dialog', { name: 'User Profile' })
    await expectFirstFieldThenClose(dialog, dialog.getByRole('button', { name: 'Choose image' }))
  })

  test('invoices: create, edit; videos: edit', async ({ page }) => {
    await withInvoice(page, 'Focus Check Observatory', async (invoice) => {
      await openAdmin(page, 'invoices')
      await page.getByRole('button', { name: 'New Invoice' }).click()
      let dialog = page.getByRole('dialog', { name: 'Create Invoice' })
      await expectFirstFieldThenClose(dialog, dialog.getByLabel('Client name'))
      await page.getByRole('button', { name: `Actions for ${invoice.invoiceNumber}` }).click()
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click()
      dialog = page.getByRole('dialog', { name: `Edit Invoice ${invoice.invoiceNumber}` })
      await expectFirstFieldThenClose(dialog, dialog.getByLabel('Client name'))
    })

    await ensureVideos(page)
    await openAdmin(page, 'videos')
    await firstRowAction(page, 'Edit')
    const dialog = page.getByRole('dialog', { name: 'Edit Video Details' })
    await expectFirstFieldThenClose(dialog, dialog.getByLabel('Title'))
  })

  test('/editor: a new blog post', async ({ page }) => {
    await page.goto('/editor')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'New Blog Post' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' })
    await expectFirstFieldThenClose(dialog, dialog.getByLabel('Title'))
  })
})

test.describe('Escape closes the innermost thing open', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin')
  })

  for (const [box, button] of [
    ['Link address', 'Link'],
    ['Image address', 'Image'],
  ] as const) {
    test(`in /admin, the ${box} box first, then the post with its unsaved changes`, async ({
      page,
    }) => {
      await openAdmin(page, 'posts')
      await page.getByRole('button', { name: 'New Post' }).click()
      const dialog = page.getByRole('dialog', { name: 'Create New Post' })
      const editor = dialog.getByRole('textbox', { name: 'Content' })
      await editor.click()
      await page.keyboard.type('Orion rises late')
      await dialog.getByRole('button', { name: button, exact: true }).click()
      const address = dialog.getByLabel(box)
      await expect(address).toBeFocused()

      await page.keyboard.press('Escape')
      await expect(address).toHaveCount(0)
      await expect(editor).toBeFocused()
      await expect(page.getByRole('alertdialog')).toHaveCount(0)
      await expect(dialog).toBeVisible()
      await expect(editor).toHaveText('Orion rises late')

      // The second Escape is the dialog's: with changes, it asks first, as before.
      await page.keyboard.press('Escape')
      const ask = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' })
      await expect(ask).toBeVisible()
      await ask.getByRole('button', { name: 'Discard changes' }).click()
      await expect(dialog).toBeHidden()
    })
  }

  test('on /editor, the address box first, then the untouched dialog', async ({ page }) => {
    await page.goto('/editor')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'New Blog Post' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' })
    const editor = dialog.getByRole('textbox', { name: 'Content' })
    await editor.click()
    for (const [box, button] of [
      ['Image address', 'Image'],
      ['Link address', 'Link'],
    ] as const) {
      await dialog.getByRole('button', { name: button, exact: true }).click()
      await expect(dialog.getByLabel(box)).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(dialog.getByLabel(box)).toHaveCount(0)
      await expect(dialog).toBeVisible()
      await expect(editor).toBeFocused()
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'New Blog Post' })).toBeFocused()
  })
})
