import { expect, type Page, test } from '@playwright/test'
import { E2E } from '../support/e2e-accounts.ts'
import { axeViolations, loginAs, waitForHydration } from './helpers.ts'

const unique = () => Math.random().toString(36).slice(2, 8)

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text)
}

async function openInvoices(page: Page) {
  await loginAs(page, 'admin')
  await page.goto('/admin?tab=invoices')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible()
}

test('an admin issues an invoice with three items and 8.25 % tax, marks it paid, e-mails it, prints and deletes it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const client = `Nebula Labs ${unique()}`
  const email = `billing-${unique()}@nebula.example`
  await openInvoices(page)

  await page.getByRole('button', { name: 'New Invoice' }).click()
  const form = page.getByRole('dialog', { name: 'Create Invoice' })
  await expect(form.getByLabel('Payment terms')).toHaveValue('Net 30')
  await expect(form.getByLabel('Currency')).toHaveValue('USD')
  await expect(form.getByRole('button', { name: 'Remove item 1' })).toBeDisabled()

  // Validation on submit, with the spec's messages.
  await form.getByRole('button', { name: 'Save Invoice' }).click()
  await expect(form.getByText('Client name is required')).toBeVisible()
  await expect(form.getByText('Invalid email address')).toBeVisible()
  await expect(form.getByText('Description is required')).toBeVisible()

  await form.getByLabel('Client name').fill(client)
  await form.getByLabel('Client email').fill(email)
  await form.getByLabel('Client address').fill('1 Crater Road\nTycho Base')
  const items: Array<[string, string, string]> = [
    ['Telescope collimation', '1', '1.005'],
    ['Astrophotography workshop (hours)', '2.5', '80'],
    ['Star chart prints', '3', '19.99'],
  ]
  for (const [i, [description, qty, rate]] of items.entries()) {
    if (i > 0) await form.getByRole('button', { name: 'Add Item' }).click()
    await form.getByLabel(`Description of item ${i + 1}`).fill(description)
    await form.getByLabel(`Qty of item ${i + 1}`).fill(qty)
    await form.getByLabel(`Rate of item ${i + 1}`).fill(rate)
  }
  await form.getByLabel('Tax rate %').fill('8.25')
  // Live figures: 1.01 + 200.00 + 59.97 = 260.98; tax 21.53085 → 21.53; total 282.51.
  await expect(form.getByTestId('line-total-0')).toHaveText('$1.01')
  await expect(form.getByTestId('form-subtotal')).toHaveText('$260.98')
  await expect(form.getByTestId('form-tax')).toHaveText('$21.53')
  await expect(form.getByTestId('form-total')).toHaveText('$282.51')
  await form.getByRole('button', { name: 'Save Invoice' }).click()
  await expect(toast(page, 'Invoice created successfully.')).toBeVisible()
  await expect(form).toBeHidden()

  // The table: number, client, exact amount, Draft.
  await page.getByLabel('Search by client or invoice #').fill(client)
  const row = page.getByRole('row', { name: new RegExp(client) })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('$282.51')
  await expect(row).toContainText('Draft')
  const number = (await row.getByRole('cell').first().textContent())!.trim()
  expect(number).toMatch(/^INV-\d{4}-\d{4,}$/)

  // Preview: the document with every part.
  await row.getByRole('button', { name: `Actions for ${number}` }).click()
  await page.getByRole('menuitem', { name: 'Preview' }).click()
  const preview = page.getByRole('dialog', { name: `Invoice ${number}` })
  const doc = preview.getByRole('article', { name: `Invoice ${number}` })
  await expect(doc).toContainText('INVOICE')
  await expect(doc).toContainText('Bill To')
  await expect(doc).toContainText(client)
  await expect(doc).toContainText('Subtotal$260.98')
  await expect(doc).toContainText('Tax (8.25%)$21.53')
  await expect(doc).toContainText('Total Due$282.51')
  await expect(doc).toContainText('Thank you for your business!')
  // Printing shows the document alone.
  await page.evaluate(() => {
    ;(window as unknown as { printed: number }).printed = 0
    window.print = () => {
      ;(window as unknown as { printed: number }).printed++
    }
  })
  await preview.getByRole('button', { name: 'Print / Save PDF' }).click()
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeHidden()
  await expect(preview).toBeHidden()
  await expect(page.locator('.invoice-print .invoice-document')).toBeVisible()
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')))
  await page.emulateMedia({ media: 'screen' })
  await expect(page.locator('.invoice-print')).toHaveCount(0)
  await expect(preview).toBeVisible()
  await page.keyboard.press('Escape')

  // Edit: mark it paid.
  await row.getByRole('button', { name: `Actions for ${number}` }).click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: `Edit Invoice ${number}` })
  await edit.getByLabel('Status').selectOption('paid')
  await edit.getByRole('button', { name: 'Save Invoice' }).click()
  await expect(toast(page, 'Invoice updated successfully.')).toBeVisible()
  await expect(row).toContainText('Paid')

  // Send Email: confirm, progress, outcome, and the e-mail at the local SMTP server.
  await row.getByRole('button', { name: `Actions for ${number}` }).click()
  await page.getByRole('menuitem', { name: 'Send Email' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Send Invoice' })
  await expect(confirm).toContainText(email)
  await confirm.getByRole('button', { name: 'Send Email' }).click()
  await expect(toast(page, `Invoice ${number} sent to ${email}.`)).toBeVisible({ timeout: 15_000 })
  await expect(row).toContainText('Sent')
  await expect
    .poll(async () => {
      const mails = (await (
        await request.get(`http://127.0.0.1:${E2E.fakesPort}/__mails`)
      ).json()) as Array<{ raw: string; to: string[] }>
      const mail = mails.find((m) => m.raw.includes(number))
      return mail ? { to: mail.to, pdf: /application\/pdf/i.test(mail.raw) } : null
    })
    .toEqual({ to: [email], pdf: true })

  // Delete.
  await row.getByRole('button', { name: `Actions for ${number}` }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await page
    .getByRole('alertdialog', { name: 'Delete Invoice' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(toast(page, 'Invoice deleted successfully.')).toBeVisible()
  await expect(page.getByText('No invoices found.')).toBeVisible()
})

test('the status filter, and the form checks a field when it is left', async ({ page }) => {
  await openInvoices(page)
  await page.getByLabel('Filter by status').selectOption('cancelled')
  await page.getByLabel('Search by client or invoice #').fill(`nobody-${unique()}`)
  await expect(page.getByText('No invoices found.')).toBeVisible()
  await page.getByRole('button', { name: 'New Invoice' }).click()
  const form = page.getByRole('dialog', { name: 'Create Invoice' })
  await form.getByLabel('Client email').fill('not-an-email')
  await form.getByLabel('Client email').blur()
  await expect(form.getByText('Invalid email address')).toBeVisible()
  await form.getByLabel('Qty of item 1').fill('0')
  await form.getByLabel('Qty of item 1').blur()
  await expect(form.getByText('Quantity must be positive')).toBeVisible()
  expect(
    (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`),
  ).toEqual([])
})

test('/invoice-test works on sample data only: manager, form, preview and every badge', async ({
  page,
}) => {
  await page.goto('/invoice-test')
  await waitForHydration(page)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  const badges = page.getByRole('list', { name: 'Invoice statuses' })
  for (const s of ['Draft', 'Sent', 'Paid', 'Overdue', 'Cancelled'])
    await expect(badges.getByText(s, { exact: true })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Invoice DEMO-0001' })).toContainText('INVOICE')

  await page.getByRole('button', { name: 'New Invoice' }).click()
  const form = page.getByRole('dialog', { name: 'Create Invoice' })
  await form.getByLabel('Client name').fill('Demo Client')
  await form.getByLabel('Client email').fill('demo@example.com')
  await form.getByLabel('Description of item 1').fill('Demo item')
  await form.getByLabel('Rate of item 1').fill('10')
  await form.getByRole('button', { name: 'Save Invoice' }).click()
  await expect(page.getByRole('article', { name: 'Invoice DEMO-0004' })).toContainText(
    'Total Due$10.00',
  )
  expect(
    (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`),
  ).toEqual([])
})
