import { expect, type Locator, type Page, test } from '@playwright/test'
import { extractText } from 'unpdf'
import { baseURL, loginAs, waitForHydration, withInvoice } from './helpers.ts'

/**
 * Forty items whose descriptions wrap to two lines in the document's Description column: a page
 * break inside a row would put the two halves of one description on two pages.
 */
const ITEMS = Array.from({ length: 40 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0')
  return {
    description: `Plate ${n}: deep-sky survey of the Andromeda field, thirty exposures of 300 seconds, calibrated and stacked`,
    quantity: '1',
    rate: '12.5',
  }
})
// 40 × 12.50 = 500.00, 10 % tax 50.00, total 550.00 (USD).
const TOTAL = '$550.00'
/**
 * Typing forty items into the form took over two minutes on a busy machine: /invoice-test gets
 * the first 18 (two pages still), 18 × 12.50 = 225.00, tax 22.50, total 247.50.
 */
const DEMO_ITEMS = ITEMS.slice(0, 18)
const DEMO_TOTAL = '$247.50'

const flat = (text: string) => text.replace(/\s+/g, ' ')

interface Expected {
  items: typeof ITEMS
  total: string
  /** What the first page shows (the number, the client). */
  firstPage: string[]
  /** Text of the screen around the document, which must not print. */
  chrome: string[]
  screenshot: string
}

/**
 * Clicks 'Print / Save PDF' with `window.print` recording the call instead of opening the
 * browser's dialog, then prints the page as it stands (what that dialog would print: the same
 * DOM, under print media) to PDF, on A4 and on Letter, and checks each. Printing to PDF ends with
 * the same `afterprint` as the dialog, so the button is pressed again for each paper size.
 */
async function printAndCheck(page: Page, button: Locator, expected: Expected) {
  for (const format of ['A4', 'Letter'] as const) {
    await page.emulateMedia({ media: 'screen' })
    await page.evaluate(() => {
      const w = window as unknown as { printed: number }
      w.printed = 0
      window.print = () => {
        w.printed++
      }
    })
    await button.click()
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
    await page.emulateMedia({ media: 'print' })
    await expectRowsKeptWhole(page, expected.items.length)
    if (format === 'A4') {
      await page.setViewportSize({ width: 794, height: 1123 })
      await page.screenshot({ path: expected.screenshot, fullPage: true })
    }
    const pdf = await page.pdf({ format })
    const { totalPages, text } = await extractText(new Uint8Array(pdf), { mergePages: false })
    expect(text).toHaveLength(totalPages)
    const pages = text.map(flat)
    expectWholeInvoice(pages, expected)
    for (const shown of expected.firstPage) expect(pages[0]).toContain(shown)
    // The print is over: the page is as it was.
    await expect(page.locator('body')).not.toHaveClass(/printing-invoice/)
    await expect(page.locator('.invoice-document')).toHaveCount(1)
  }
  await page.emulateMedia({ media: 'screen' })
}

/** Every item whole on one page, the total, the table's header on each page of rows, no chrome. */
function expectWholeInvoice(pages: string[], { items, total, chrome }: Expected) {
  expect(pages.length, `${items.length} items need at least two pages`).toBeGreaterThanOrEqual(2)
  for (const item of items) {
    const on = pages.filter((p) => p.includes(flat(item.description)))
    expect(on, `"${item.description.slice(0, 8)}" printed whole on one page`).toHaveLength(1)
  }
  const all = pages.join(' ')
  expect(all).toContain(`Total Due ${total}`)
  expect(all).toContain('Thank you for your business!')
  for (const text of chrome) expect(all, `"${text}" is not printed`).not.toContain(text)
  for (const page of pages.filter((p) => p.includes('Plate '))) {
    expect(page).toMatch(/Description\s*Qty\s*Rate\s*Amount/)
  }
}

/** The rows that print (laid out under print media) are the invoice's, each kept whole. */
async function expectRowsKeptWhole(page: Page, count: number) {
  const rows = await page
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs
        .filter((tr) => tr.getClientRects().length > 0)
        .map((tr) => getComputedStyle(tr).breakInside),
    )
  expect
    .soft(rows, 'the printed rows, each kept whole')
    .toEqual(Array.from({ length: count }, () => 'avoid'))
}

test.describe('printing an invoice', () => {
  test('from the admin preview: the whole document, on two pages or more, without the dashboard', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await loginAs(page, 'admin')
    const client = `Print Check Observatory ${Math.random().toString(36).slice(2, 8)}`
    await withInvoice(
      page,
      client,
      async (invoice) => {
        await page.goto('/admin?tab=invoices')
        await waitForHydration(page)
        await page.getByLabel('Search by client or invoice #').fill(client)
        const row = page.getByRole('row', { name: new RegExp(client) })
        await expect(row).toContainText(TOTAL)
        await row.getByRole('button', { name: `Actions for ${invoice.invoiceNumber}` }).click()
        await page.getByRole('menuitem', { name: 'Preview' }).click()
        const preview = page.getByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` })
        await expect(preview.getByRole('article')).toContainText('Plate 40')

        await printAndCheck(page, preview.getByRole('button', { name: 'Print / Save PDF' }), {
          items: ITEMS,
          total: TOTAL,
          firstPage: [invoice.invoiceNumber, client],
          chrome: [
            'Admin Dashboard',
            'Download PDF',
            'Print / Save PDF',
            'Print it, save it as PDF',
            'Search by client',
          ],
          screenshot: '/tmp/invprint-admin-print-a4.png',
        })
        await expect(preview.getByRole('button', { name: 'Print / Save PDF' })).toBeVisible()
      },
      { items: ITEMS, taxRate: '10' },
    )
  })

  test('from /invoice-test: the same whole document, made with the form', async ({ page }) => {
    test.setTimeout(120_000)
    await page.goto('/invoice-test')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'New Invoice' }).click()
    const form = page.getByRole('dialog', { name: 'Create Invoice' })
    await form.getByLabel('Client name').fill('Long Print Observatory')
    await form.getByLabel('Client email').fill('prints@observatory.example')
    // Typed as a person would: Add Item puts the focus in the new description, Tab goes on to
    // Qty and Rate (selecting what is there); finding each field by its label is much slower.
    await form.getByLabel('Description of item 1').focus()
    for (const [i, item] of DEMO_ITEMS.entries()) {
      if (i > 0) await form.getByRole('button', { name: 'Add Item' }).click()
      await expect(form.getByLabel(`Description of item ${i + 1}`)).toBeFocused()
      await page.keyboard.insertText(item.description)
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      await expect(form.getByLabel(`Rate of item ${i + 1}`)).toBeFocused()
      await page.keyboard.insertText(item.rate)
    }
    await expect(form.getByLabel(`Rate of item ${DEMO_ITEMS.length}`)).toHaveValue('12.5')
    await form.getByLabel('Tax rate %').fill('10')
    await expect(form.getByTestId('form-total')).toHaveText(DEMO_TOTAL)
    await form.getByRole('button', { name: 'Save Invoice' }).click()
    await expect(form).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Preview of DEMO-0004' })).toBeVisible()

    await printAndCheck(page, page.getByRole('button', { name: 'Print / Save PDF' }), {
      items: DEMO_ITEMS,
      total: DEMO_TOTAL,
      firstPage: ['DEMO-0004', 'Long Print Observatory'],
      chrome: ['Invoice manager', 'Sample invoices', 'Statuses'],
      screenshot: '/tmp/invprint-demo-print-a4.png',
    })
  })
})

/** The box of an element's first text (not of the element), for alignment. */
function textBox(locator: Locator) {
  return locator.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el.firstChild!)
    const { left, right, top, bottom } = range.getBoundingClientRect()
    return { left, right, top, bottom }
  })
}

/** The colour `var(--name)` computes to in the current theme. */
function themeColour(page: Page, name: string) {
  return page.evaluate((variable) => {
    const probe = document.createElement('span')
    probe.style.color = `var(${variable})`
    document.body.append(probe)
    const colour = getComputedStyle(probe).color
    probe.remove()
    return colour
  }, name)
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1366]) {
    test(`the invoice form at ${width} px, ${theme}: labels above their boxes, Amount over the amounts, a disabled Remove not red`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme: theme })
      await page.context().addCookies([{ name: 'theme', value: 'auto', url: baseURL() }])
      await page.goto('/invoice-test')
      await waitForHydration(page)
      // The form's dialog is a later chunk: its rules come with the whole stylesheet, which the
      // page loads after its load event (ADR 013). The layout is measured once that is in.
      await page.waitForFunction(() =>
        [...document.styleSheets].some((sheet) => sheet.ownerNode instanceof HTMLLinkElement),
      )
      await page.getByRole('button', { name: 'New Invoice' }).click()
      const form = page.getByRole('dialog', { name: 'Create Invoice' })
      await form.getByLabel('Rate of item 1').fill('1234.5')

      // Each label's box ends above its control's and starts at the same left edge.
      const pairs = await form.locator('label[for]').evaluateAll((labels) =>
        labels.map((label) => {
          const control = document.getElementById(label.getAttribute('for')!)!
          const l = label.getBoundingClientRect()
          const c = control.getBoundingClientRect()
          return {
            name: label.textContent!.trim(),
            above: l.bottom <= c.top + 0.5,
            left: Math.abs(l.left - c.left),
          }
        }),
      )
      expect(pairs.map((p) => p.name)).toContain('Tax rate %')
      for (const p of pairs) {
        expect.soft(p.above, `label "${p.name}" above its box`).toBe(true)
        expect.soft(p.left, `label "${p.name}" starts where its box starts`).toBeLessThanOrEqual(1)
      }

      const item = form.getByRole('listitem').first()
      const header = await textBox(item.getByText('Amount', { exact: true }))
      await expect(form.getByTestId('line-total-0')).toHaveText('$1,234.50')
      const amount = await textBox(form.getByTestId('line-total-0'))
      expect
        .soft(Math.abs(header.right - amount.right), 'Amount header flush with its values')
        .toBeLessThanOrEqual(2)
      if (width >= 640) {
        // One row of column headers on a wide screen: Amount on the line of Description, Qty, Rate.
        const rate = await textBox(item.locator('label', { hasText: 'Rate' }))
        expect
          .soft(Math.abs(header.top - rate.top), 'Amount on the line of the other headers')
          .toBeLessThanOrEqual(1)
      }

      const error = await themeColour(page, '--error')
      const remove = form.getByRole('button', { name: 'Remove item 1' })
      await expect(remove).toBeDisabled()
      expect.soft(await remove.evaluate((b) => getComputedStyle(b).color)).not.toBe(error)
      await form.getByRole('button', { name: 'Add Item' }).click()
      await expect(remove).toBeEnabled()
      await expect(remove, 'an enabled Remove is red').toHaveCSS('color', error)
      await form.getByRole('button', { name: 'Remove item 2' }).click()
      await expect(remove).toBeDisabled()

      await page.screenshot({ path: `/tmp/invprint-form-${width}-${theme}.png` })
    })
  }
}
