import { expect, type Page, test } from '@playwright/test'
import { CONTACT_INBOX_PAGE_SIZE } from '../../contracts/contact-messages-constants.ts'
import {
  axeViolations,
  baseURL,
  loginAs,
  sendContactMessage,
  showScheme,
  waitForHydration,
} from './helpers.ts'

/**
 * The admin's Messages tab: a visitor's message arrives unread (bold, counted on the tab and the
 * dashboard), is found by search, is read once opened, is answered by a mailto link with the
 * subject, is archived and then deleted.
 */
const unique = () => Math.random().toString(36).slice(2, 8)

async function unreadCount(page: Page) {
  const res = await page.request.get('/_api/admin/stats')
  return ((await res.json()) as { unreadMessages: number }).unreadMessages
}

/**
 * The tab's label and the dashboard's card show the server's count. Other tests send messages at
 * the same time, so the count is compared with the server's as it is now, not with a number
 * remembered earlier.
 */
async function expectCountShown(page: Page, { dialogOpen = false } = {}) {
  await expect(async () => {
    const unread = await unreadCount(page)
    await expect(page.getByTestId('unreadMessages')).toHaveText(String(unread), { timeout: 1000 })
    // An open dialog hides the page behind it from assistive technology, the tab included.
    if (dialogOpen) return
    await expect(page.getByRole('tab', { name: /^Messages/ })).toHaveAccessibleName(
      unread ? `Messages (${unread}) unread` : 'Messages',
      { timeout: 1000 },
    )
  }).toPass({ timeout: 15_000 })
}

test('a message is read, answered, archived and deleted from the Messages tab', async ({
  page,
}) => {
  await loginAs(page, 'admin')
  await page.context().addCookies([{ name: 'theme', value: 'auto', url: baseURL() }])
  const id = unique()
  const subject = `Ring nebula ${id}`
  await sendContactMessage(page.request, {
    name: `Vera Skywatcher ${id}`,
    email: `vera.${id}@example.org`,
    subject,
    message: `Where is M57 tonight?\nI found Vega but not the ring. (${id})`,
  })

  await page.goto('/admin?tab=messages')
  await waitForHydration(page)
  expect(await unreadCount(page)).toBeGreaterThan(0)
  await expect(page.getByRole('tab', { selected: true })).toHaveAccessibleName(
    /^Messages \(\d+\) unread$/,
  )
  await expectCountShown(page)

  await page.getByRole('searchbox', { name: 'Search messages' }).fill(id)
  const rows = page.getByTestId('message-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toHaveCSS('font-weight', '600')
  await expect(rows.first()).toContainText(`Unread: Vera Skywatcher ${id}`)

  await rows.first().getByRole('button', { name: subject }).click()
  const dialog = page.getByRole('dialog', { name: subject })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('message-body')).toContainText('I found Vega but not the ring.')
  await expect(dialog.getByRole('link', { name: 'Reply' })).toHaveAttribute(
    'href',
    `mailto:vera.${id}@example.org?subject=Re%3A%20Ring%20nebula%20${id}`,
  )
  // Opening it marks it read: the row is no longer bold, and the counts follow the server's.
  await expect(dialog.getByRole('button', { name: 'Mark as unread' })).toBeVisible()
  await expect(rows.first()).toHaveCSS('font-weight', '400')
  await expectCountShown(page, { dialogOpen: true })

  for (const scheme of ['dark', 'light'] as const) {
    await showScheme(page, scheme)
    expect(await axeViolations(page), `axe with the message open, ${scheme}`).toEqual([])
  }

  // Archived: gone from the inbox, under Archived.
  await dialog.getByRole('button', { name: 'Archive' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Message archived.')).toBeVisible()
  await expectCountShown(page)
  await expect(rows).toHaveCount(0)
  await page.getByLabel('Show').selectOption('archived')
  await expect(rows).toHaveCount(1)

  // Deleted, after the confirmation.
  await rows.first().getByRole('button', { name: subject }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Message' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm).toBeHidden()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Message deleted.')).toBeVisible()
  await expect(rows).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeFocused()
})

test('archiving the only message of the last page steps back to the page before', async ({
  page,
}) => {
  await loginAs(page, 'admin')
  const id = unique()
  for (let i = 0; i <= CONTACT_INBOX_PAGE_SIZE; i++) {
    await sendContactMessage(page.request, {
      name: `Pager ${id}`,
      email: `pager.${id}@example.org`,
      subject: `Question ${i} ${id}`,
      message: `Message ${i} of the pager test (${id}).`,
    })
  }
  await page.goto('/admin?tab=messages')
  await waitForHydration(page)
  await page.getByRole('searchbox', { name: 'Search messages' }).fill(id)
  const rows = page.getByTestId('message-row')
  await expect(rows).toHaveCount(CONTACT_INBOX_PAGE_SIZE)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  await expect(rows).toHaveCount(1)
  // The oldest is alone on the last page.
  await rows
    .first()
    .getByRole('button', { name: `Question 0 ${id}` })
    .click()
  const dialog = page.getByRole('dialog', { name: `Question 0 ${id}` })
  await dialog.getByRole('button', { name: 'Archive' }).click()
  await expect(dialog).toBeHidden()
  await expect(rows).toHaveCount(CONTACT_INBOX_PAGE_SIZE)
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeHidden()
})
