import { describe, expect, it } from 'vitest'
import { ContactInput } from '../../contracts/contact.ts'
import { InvoiceCreateInput } from '../../contracts/invoices.ts'
import { CONTACT_LIMITS } from '../../contracts/contact-constants.ts'
import { INVOICE_ITEMS_MAX } from '../../contracts/invoice-constants.ts'
import {
  CONTACT_BODY_BYTES,
  CONTENT_BODY_BYTES,
  FAQ_BODY_BYTES,
  INVOICE_BODY_BYTES,
} from './body-sizes.ts'
import { BlogCreateInput } from '../../contracts/blog.ts'
import { CONTENT_MAX_LENGTH, FAQ_CONTENT_MAX_LENGTH } from '../../contracts/blog-constants.ts'

/** Three bytes in UTF-8 for each character: the costliest a form's text can be. */
const wide = (n: number) => '€'.repeat(n)
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value))

describe('body limits cover the largest input each schema accepts', () => {
  it('contact: every field at its longest, in three-byte characters', () => {
    const input = {
      name: wide(CONTACT_LIMITS.name),
      email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.org`,
      subject: wide(CONTACT_LIMITS.subject),
      message: wide(CONTACT_LIMITS.message),
    }
    expect(ContactInput.safeParse(input).success).toBe(true)
    expect(bytes(input)).toBeLessThanOrEqual(CONTACT_BODY_BYTES)
    // …and not much more: a contact body is a few kilobytes at most.
    expect(CONTACT_BODY_BYTES).toBeLessThanOrEqual(16 * 1024)
  })

  it('invoice: the most items, each description at its longest', () => {
    const input = {
      clientName: wide(200),
      clientEmail: 'client@example.com',
      clientAddress: wide(1000),
      invoiceDate: '2026-01-01',
      dueDate: '2026-01-31',
      paymentTerms: wide(200),
      notes: wide(5000),
      taxRate: '20.5',
      currency: 'EUR',
      items: Array.from({ length: INVOICE_ITEMS_MAX }, () => ({
        description: wide(500),
        quantity: '1000000.25',
        rate: '99999999.99',
      })),
    }
    const parsed = InvoiceCreateInput.safeParse(input)
    expect(parsed.error?.issues ?? []).toEqual([])
    expect(bytes(input)).toBeLessThanOrEqual(INVOICE_BODY_BYTES)
  })

  it('a post: the longest content, title, excerpt and tags, in three-byte characters', () => {
    const input = {
      title: wide(200),
      content: `<p>${wide(CONTENT_MAX_LENGTH - 7)}</p>`,
      excerpt: wide(2000),
      tags: Array.from({ length: 20 }, (_, i) => `${i % 10}${wide(39)}`),
      status: 'published',
      publishedAt: '2026-01-01T00:00:00.000Z',
    }
    const parsed = BlogCreateInput.safeParse(input)
    expect(parsed.error?.issues ?? []).toEqual([])
    expect(bytes(input)).toBeLessThanOrEqual(CONTENT_BODY_BYTES)
    expect(bytes({ title: 'FAQ', content: wide(FAQ_CONTENT_MAX_LENGTH) })).toBeLessThanOrEqual(
      FAQ_BODY_BYTES,
    )
  })
})
