import { CONTENT_MAX_LENGTH, FAQ_CONTENT_MAX_LENGTH } from '../../contracts/blog-constants.ts'
import { CONTACT_LIMITS } from '../../contracts/contact-constants.ts'
import { ANNOUNCEMENT_CONTENT_MAX_LENGTH } from '../../contracts/announcements.ts'
import { INVOICE_ITEMS_MAX } from '../../contracts/invoice-constants.ts'

/**
 * The largest body an endpoint's input can need, worked out from its schema's limits: a schema
 * counts UTF-16 units, UTF-8 takes at most three bytes for each, and JSON's quoting and escapes
 * of the characters a form may hold (a quote, a newline) take no more. `fieldsChars` adds the
 * short fields (ids, e-mail, dates, names) around the long ones.
 */
export function jsonBytesFor(chars: number, fieldsChars = 1024): number {
  return (chars + fieldsChars) * 3
}

/** Name, subject and message in any script; the e-mail address is ASCII; then the JSON keys. */
export const CONTACT_BODY_BYTES =
  jsonBytesFor(CONTACT_LIMITS.name + CONTACT_LIMITS.subject + CONTACT_LIMITS.message, 0) + 254 + 128
/** A post or page: its content, and its title, excerpt, tags, image and dates around it. */
export const CONTENT_BODY_BYTES = jsonBytesFor(CONTENT_MAX_LENGTH, 4096)
export const FAQ_BODY_BYTES = jsonBytesFor(FAQ_CONTENT_MAX_LENGTH)
export const ANNOUNCEMENT_BODY_BYTES = jsonBytesFor(ANNOUNCEMENT_CONTENT_MAX_LENGTH)
/** Each item: a description of up to 500 characters and its figures. */
export const INVOICE_BODY_BYTES = jsonBytesFor(INVOICE_ITEMS_MAX * 600, 4096)
