import type { Invoice, InvoiceIssuer } from '../../contracts/invoice-constants.ts'
import { currencyDigits, formatMoney } from '../../contracts/invoice-money.ts'

/**
 * The invoice as a PDF (A4), with the same content as the printable invoice of the admin screens:
 * the issuer, INVOICE and the status, Bill To, number, dates and terms, the items, the totals,
 * the notes and a thank-you line. Built in memory: the schema caps an invoice at 200 items of
 * 500 characters and its notes at 5,000, so a document stays a few pages and some tens of kB.
 *
 * The 14 standard PDF fonts are used (nothing to embed or ship); they cover Western European text
 * (Windows-1252). Other characters lose their accents where that leaves a letter (ő → o) and
 * become '?' otherwise; a currency sign outside that set is written as the code (INR 1,234.57).
 */
export async function renderInvoicePdf(invoice: Invoice, issuer: InvoiceIssuer): Promise<Buffer> {
  // Loaded on the first invoice, not at start-up: most processes never render one.
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      // Document properties are UTF-16: no need to fit the fonts.
      Title: `Invoice ${invoice.invoiceNumber}`,
      Author: issuer.name,
      Subject: `Invoice ${invoice.invoiceNumber} for ${invoice.clientName}`,
    },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  new InvoiceLayout(doc, invoice, issuer).draw()
  doc.end()
  return done
}

const MARGIN = 50
const INK = '#111111'
const MUTED = '#555555'
const RULE = '#bbbbbb'
const BODY_SIZE = 10
const LABEL_SIZE = 9
const CELL_PADDING = 5

/** Windows-1252 beyond Latin-1: what the standard fonts can show besides ASCII and Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')

function encodable(ch: string): boolean {
  const c = ch.codePointAt(0)!
  return (
    ch === '\n' || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch)
  )
}

/** Text the standard fonts can show: ő → o, 中 → ?. */
function pdfText(text: string): string {
  let out = ''
  for (const ch of text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    if (encodable(ch)) {
      out += ch
      continue
    }
    const base = ch.normalize('NFKD').replace(/\p{M}/gu, '')
    out += base && [...base].every(encodable) ? base : '?'
  }
  return out
}

/** A formatted amount whose currency sign the fonts lack gets the code instead: ₹5 → INR 5. */
function pdfAmount(formatted: string, currency: string): string {
  let out = ''
  let replaced = false
  for (const ch of formatted) {
    if (encodable(ch)) {
      out += ch
      replaced = false
    } else if (!replaced) {
      out += `${currency}\u00a0`
      replaced = true
    }
  }
  return out
}

// Made on first use, not when the server starts: a formatter reads the platform's locale data
// (ICU), about 5 MB of the Node binary that a server which never writes an invoice need not touch.
let longDate: Intl.DateTimeFormat | undefined
/** 2026-11-22 → November 22, 2026 (a calendar date: no time zone moves it). */
export const invoiceDay = (iso: string) =>
  (longDate ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })).format(
    new Date(`${iso}T00:00:00Z`),
  )

let quantityFormat: Intl.NumberFormat | undefined
type Font = 'Helvetica' | 'Helvetica-Bold'

class InvoiceLayout {
  private readonly doc: PDFKit.PDFDocument
  private readonly invoice: Invoice
  private readonly issuer: InvoiceIssuer
  private readonly left: number
  private readonly width: number
  private readonly bottom: number
  /** Description, Qty, Rate, Amount: x and width of each column. */
  private readonly columns: Array<{ x: number; width: number }>

  constructor(doc: PDFKit.PDFDocument, invoice: Invoice, issuer: InvoiceIssuer) {
    this.doc = doc
    this.invoice = invoice
    this.issuer = issuer
    this.left = doc.page.margins.left
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right
    this.bottom = doc.page.height - doc.page.margins.bottom
    const widths = [this.width - 240, 55, 90, 95]
    let x = this.left
    this.columns = widths.map((width) => {
      const column = { x, width }
      x += width
      return column
    })
  }

  draw() {
    let y = this.header()
    y = this.billTo(y + 24)
    y = this.items(y + 20)
    y = this.totals(y + 10)
    this.footer(y + 24)
  }

  private money(amount: number): string {
    return pdfAmount(formatMoney(amount, this.invoice.currency), this.invoice.currency)
  }

  /** A rate keeps its own decimals when it has more than the currency (0.125 → $0.125). */
  private rate(rate: number): string {
    const { currency } = this.invoice
    const digits = currencyDigits(currency)
    const decimals = String(rate).split('.')[1]?.length ?? 0
    if (decimals <= digits) return this.money(rate)
    const format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: decimals,
    })
    return pdfAmount(format.format(rate), currency)
  }

  private font(name: Font, size = BODY_SIZE, color = INK) {
    this.doc.font(name).fontSize(size).fillColor(color)
    return this.doc
  }

  private rule(y: number, weight = 0.5, color = RULE) {
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(weight)
      .strokeColor(color)
      .stroke()
  }

  /** Starts a new page when `height` does not fit below `y`; answers where to draw. */
  private room(y: number, height: number): number {
    if (y + height <= this.bottom) return y
    this.doc.addPage()
    const top = this.doc.page.margins.top
    this.font('Helvetica', LABEL_SIZE, MUTED).text(
      pdfText(`Invoice ${this.invoice.invoiceNumber}, ${this.issuer.name} (continued)`),
      this.left,
      top,
      { width: this.width, align: 'right' },
    )
    return this.doc.y + 10
  }

  /** The issuer on the left; INVOICE, the status, the number, dates and terms on the right. */
  private header(): number {
    const { doc, invoice, issuer, left } = this
    const top = doc.page.margins.top
    const leftWidth = this.width * 0.55
    this.font('Helvetica-Bold', 18).text(pdfText(issuer.name), left, top, { width: leftWidth })
    this.font('Helvetica', BODY_SIZE, MUTED)
    if (issuer.address) doc.text(pdfText(issuer.address), { width: leftWidth })
    if (issuer.email) doc.text(pdfText(issuer.email), { width: leftWidth })
    const leftEnd = doc.y

    const x = left + leftWidth + 10
    const width = this.width - leftWidth - 10
    this.font('Helvetica-Bold', 24).text('INVOICE', x, top, { width, align: 'right' })
    this.font('Helvetica-Bold', BODY_SIZE, MUTED).text(invoice.status.toUpperCase(), {
      width,
      align: 'right',
    })
    let y = doc.y + 8
    const facts: Array<[string, string | null]> = [
      ['Invoice #', invoice.invoiceNumber],
      ['Invoice date', invoiceDay(invoice.invoiceDate)],
      ['Due date', invoiceDay(invoice.dueDate)],
      ['Terms', invoice.paymentTerms],
    ]
    const labelWidth = 75
    for (const [label, value] of facts) {
      if (!value) continue
      this.font('Helvetica', BODY_SIZE, MUTED).text(label, x, y, { width: labelWidth })
      const labelEnd = doc.y
      this.font(label === 'Invoice #' ? 'Helvetica-Bold' : 'Helvetica').text(
        pdfText(value),
        x + labelWidth,
        y,
        { width: width - labelWidth, align: 'right' },
      )
      y = Math.max(labelEnd, doc.y) + 2
    }
    const end = Math.max(leftEnd, y) + 12
    this.rule(end, 1, INK)
    return end
  }

  private billTo(y: number): number {
    const { doc, invoice, left } = this
    const width = this.width * 0.6
    this.font('Helvetica-Bold', LABEL_SIZE, MUTED).text('Bill To', left, y, { width })
    this.font('Helvetica-Bold', 11).text(pdfText(invoice.clientName), { width })
    this.font('Helvetica').text(pdfText(invoice.clientEmail), { width })
    if (invoice.clientAddress) doc.text(pdfText(invoice.clientAddress), { width })
    return doc.y
  }

  private rowHeight(cells: string[], font: Font): number {
    this.font(font)
    const heights = cells.map((text, i) =>
      this.doc.heightOfString(text, { width: this.columns[i]!.width - (i ? CELL_PADDING : 0) }),
    )
    return Math.max(...heights) + 2 * CELL_PADDING
  }

  /** One row of the items table at `y`; answers where it ends. */
  private row(y: number, cells: string[], font: Font): number {
    const height = this.rowHeight(cells, font)
    cells.forEach((text, i) => {
      const { x, width } = this.columns[i]!
      const pad = i === 0 ? 0 : CELL_PADDING
      this.font(font).text(text, x + pad, y + CELL_PADDING, {
        width: width - pad,
        align: i === 0 ? 'left' : 'right',
      })
    })
    return y + height
  }

  private tableHead(y: number): number {
    const end = this.row(y, ['Description', 'Qty', 'Rate', 'Amount'], 'Helvetica-Bold')
    this.rule(end, 1.5, INK)
    return end
  }

  /** The items, the column heads repeated on every page the table runs onto. */
  private items(y: number): number {
    const head = this.rowHeight(['Description'], 'Helvetica-Bold')
    for (const [i, item] of this.invoice.items.entries()) {
      const cells = [
        pdfText(item.description),
        (quantityFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 })).format(
          item.quantity,
        ),
        this.rate(item.rate),
        this.money(item.amount),
      ]
      const height = this.rowHeight(cells, 'Helvetica')
      const top = this.room(y, (i === 0 ? head : 0) + height)
      if (i === 0 || top !== y) y = this.tableHead(top)
      y = this.row(y, cells, 'Helvetica')
      this.rule(y)
    }
    return y
  }

  private totals(y: number): number {
    const { invoice } = this
    const lines: Array<[string, string, boolean]> = [
      ['Subtotal', this.money(invoice.subtotal), false],
    ]
    if (invoice.taxRate > 0)
      lines.push([`Tax (${invoice.taxRate}%)`, this.money(invoice.taxAmount), false])
    lines.push(['Total Due', this.money(invoice.totalAmount), true])
    y = this.room(y, lines.length * 20 + 10)
    const labelX = this.left + this.width - 250
    const valueWidth = 130
    const valueX = this.left + this.width - valueWidth
    for (const [label, value, strong] of lines) {
      if (strong) {
        this.doc
          .moveTo(labelX, y)
          .lineTo(this.left + this.width, y)
          .lineWidth(1.5)
          .strokeColor(INK)
          .stroke()
        y += 6
      }
      const font = strong ? 'Helvetica-Bold' : 'Helvetica'
      const size = strong ? 12 : BODY_SIZE
      this.font(font, size, strong ? INK : MUTED).text(label, labelX, y, { width: 120 })
      this.font(font, size).text(value, valueX, y, { width: valueWidth, align: 'right' })
      y = this.doc.y + 6
    }
    return y
  }

  private footer(y: number) {
    const { doc, invoice, left, width } = this
    y = this.room(y, 60)
    this.rule(y - 10)
    doc.x = left
    doc.y = y
    if (invoice.paymentTerms) {
      this.font('Helvetica-Bold', LABEL_SIZE, MUTED).text('Payment Terms', { width })
      this.font('Helvetica').text(
        `${pdfText(invoice.paymentTerms)}. Please pay by ${invoiceDay(invoice.dueDate)}.`,
        { width },
      )
      doc.moveDown(0.8)
    }
    if (invoice.notes) {
      this.font('Helvetica-Bold', LABEL_SIZE, MUTED).text('Notes', { width })
      this.font('Helvetica').text(pdfText(invoice.notes), { width })
      doc.moveDown(0.8)
    }
    doc.moveDown(0.5)
    this.font('Helvetica', BODY_SIZE, MUTED).text('Thank you for your business!', left, doc.y, {
      width,
      align: 'center',
    })
  }
}
