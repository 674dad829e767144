import { expect, test } from '@playwright/test'
import { createFaq } from '../support/factories.ts'
import {
  adminSend,
  axeViolations,
  baseURL,
  loginAs,
  showScheme,
  waitForHydration,
} from './helpers.ts'

/**
 * The admin's Activity tab: a change made on another tab is on the log's first page when the tab
 * is opened, and the filters by kind and by admin narrow the list. Other tests change things at
 * the same time, so entries are found by their words, not by their place.
 */
const unique = () => Math.random().toString(36).slice(2, 8)

test('an edit shows on Activity, and the filters keep to a kind and an admin', async ({ page }) => {
  await loginAs(page, 'admin')
  // The theme follows the colour scheme (Auto), so both themes can be checked on one page.
  await page.context().addCookies([{ name: 'theme', value: 'auto', url: baseURL() }])
  const id = unique()
  const created = await page.request.post('/_api/announcements/create', {
    data: { title: `Star party ${id}`, content: '<p>Friday</p>' },
  })
  expect(created.ok()).toBe(true)
  const announcementId = ((await created.json()) as { id: number }).id
  let faqId: number | undefined
  // What it made goes at the end: other tests count the FAQs and the announcements.
  try {
    // The edit itself, on the Announcements tab.
    await page.goto('/admin?tab=announcements')
    await waitForHydration(page)
    await page.getByRole('button', { name: `Actions for Star party ${id}` }).click()
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Announcement' })
    const title = `Star party moved ${id}`
    await dialog.getByLabel('Title').fill(title)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()

    await page.getByRole('tab', { name: 'Activity', exact: true }).click()
    await expect(page).toHaveURL(/tab=activity/)
    const rows = page.getByTestId('activity-row')
    const edit = rows.filter({ hasText: `Updated announcement “${title}”: title` })
    await expect(edit).toHaveCount(1)
    await expect(edit).toContainText('Announcements')

    // A change of another kind is listed too; the kind filter keeps the edit and drops it.
    const faq = rows.filter({ hasText: `Created FAQ “Why is the sky dark ${id}?”` })
    faqId = (
      await createFaq(adminSend(page.request), {
        title: `Why is the sky dark ${id}?`,
        content: 'x',
      })
    ).id
    await page.reload()
    await waitForHydration(page)
    await expect(faq).toHaveCount(1)
    await page.getByLabel('Filter by kind').selectOption('announcement')
    await expect(faq).toHaveCount(0)
    await expect(edit).toHaveCount(1)
    for (const row of await rows.all()) await expect(row).toContainText('Announcements')

    // The admin filter offers the signed-in admin and keeps their entries.
    const admin = page.getByLabel('Filter by admin')
    const me = (await (await page.request.get('/_api/auth/session')).json()) as {
      user: { id: number }
    }
    await admin.selectOption(String(me.user.id))
    await expect(edit).toHaveCount(1)

    for (const scheme of ['dark', 'light'] as const) {
      await showScheme(page, scheme)
      expect(await axeViolations(page), `axe, ${scheme}`).toEqual([])
    }
  } finally {
    const send = adminSend(page.request)
    if (faqId !== undefined) await send('/_api/faqs/delete', { id: faqId })
    await send('/_api/announcements/delete', { id: announcementId })
  }
})
