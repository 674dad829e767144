import type { ContentStatus } from '../../contracts/common-constants.ts'

/**
 * What every importer (Ghost JSON, WordPress WXR) reads out of an export, in the site's own terms:
 * a reader walks the uploaded file (spooled to disk, so it may read it more than once) and yields
 * one of these per post or page, in the file's order. Applying them (sanitizing, slug clashes,
 * idempotence, the one transaction) is the same for every source.
 */
export interface ImportedEntry {
  type: 'entry'
  kind: 'post' | 'page'
  /** The item's lasting id in its source (Ghost's `uuid`, WordPress's `guid`): a second import of it creates nothing. */
  sourceId: string
  title: string
  /** The slug the source gives it; kept when free, suffixed on a clash. */
  slug: string
  /** The item's HTML as the source has it, not yet sanitized. */
  html: string
  status: ContentStatus
  /** ISO 8601 UTC, or null for a draft that was never published. */
  publishedAt: string | null
  excerpt: string | null
  featureImageUrl: string | null
  /** Tag names, in the source's order, without duplicates. */
  tags: string[]
  /** `members` for the source's members-only and paid items. Pages are always public. */
  visibility: 'public' | 'members'
}

/** An item the reader cannot bring in, and why, in a sentence the admin reads. */
export interface SkippedEntry {
  type: 'skipped'
  title: string
  reason: string
}

export type ImportReadResult = ImportedEntry | SkippedEntry

/** Reads an export file at `file`; throws `ImportFormatError` when the file is not such an export. */
export type ImportReader = (file: string) => AsyncIterable<ImportReadResult>

/** The file is not an export of the expected kind; its message is shown to the admin (a 400). */
export class ImportFormatError extends Error {
  override name = 'ImportFormatError'
}

/** The longest feature image address an import keeps: longer ones are no picture's address. */
const ADDRESS_MAX = 2000

/**
 * An absolute http(s) address as the post form would take it, or null: a feature image from an
 * export is shown as `<img src>` and `og:image`, so `javascript:` and the like never come in.
 */
export function webAddress(value: string): string | null {
  const url = value.trim()
  // eslint-disable-next-line no-control-regex
  if (!url || url.length > ADDRESS_MAX || /[\u0000-\u001f\u007f]/.test(url)) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}
