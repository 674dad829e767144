import { createHash, randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import type { SessionUser } from '../../contracts/auth.ts'
import { MEMBER_PAGE_SLUGS } from '../../contracts/discord-invite.ts'
import {
  IMPORT_MAX_ITEMS,
  IMPORT_MESSAGES,
  IMPORT_SKIPPED_LISTED,
  IMPORT_SOURCE_LABELS,
  type ImportResult,
  type ImportSource,
} from '../../contracts/import-constants.ts'
import { RESERVED_PAGE_SLUGS } from '../../contracts/site-paths.ts'
import { slugFromTitle, slugify } from '../../contracts/slug.ts'
import { labelFrom, stripControls } from '../../contracts/text.ts'
import { insertPost, upsertSearchDocument } from '../db/blog-posts.ts'
import { type Database, inTransaction, isUniqueViolation, type Trx } from '../db/dialect.ts'
import {
  findImportedSourceIds,
  insertImportedItem,
  listPostTagLists,
  listTakenSlugs,
} from '../db/imported-items.ts'
import { insertPage } from '../db/pages.ts'
import type { ActivityService } from '../services/activity.ts'
import { searchDocuments } from '../services/blog.ts'
import { requireContentHtml } from '../services/html.ts'
import type { Clock } from '../shared/clock.ts'
import type { ContentEvents } from '../shared/content-events.ts'
import { createPause } from '../shared/cooperative.ts'
import { Conflict, DomainError, PayloadTooLarge } from '../shared/errors.ts'
import { type ImportedEntry, type ImportReader, webAddress } from './entries.ts'

/** The site's own limits on what a post or page holds (contracts/blog.ts, contracts/pages.ts). */
const TITLE_MAX = 200
const POST_EXCERPT_MAX = 2000
const PAGE_DESCRIPTION_MAX = 300
const TAG_MAX = 40
const TAGS_PER_POST = 20
const UNTITLED = '(Untitled)'
/** Source ids longer than this are kept as their hash. */
const SOURCE_ID_MAX = 200

export type ImportService = ReturnType<typeof createImportService>

/**
 * An entry ready to write, without its HTML: that, sanitized as every post's is, waits in a
 * temporary file (line `line`), so an export of any size holds only its titles, slugs and tags in
 * memory. A WordPress export is nearly all HTML: held, it took twice the file's size.
 */
interface Prepared extends Omit<ImportedEntry, 'html'> {
  line: number
}

interface Planned {
  entry: Prepared
  slug: string
}

/** What is left out: the first IMPORT_SKIPPED_LISTED by name, and how many in all. */
class Skipped {
  readonly listed: ImportResult['skipped']
  total: number

  constructor(listed: ImportResult['skipped'] = [], total = 0) {
    this.listed = listed
    this.total = total
  }

  add(title: string, reason: string): void {
    this.total++
    if (this.listed.length < IMPORT_SKIPPED_LISTED) this.listed.push({ title, reason })
  }

  copy(): Skipped {
    return new Skipped([...this.listed], this.total)
  }
}

/**
 * Applies what a reader finds in an export, whatever the source: sanitizes each item as a post
 * or page written in the dashboard is, leaves out what an earlier import brought in, gives each a
 * free slug (`-2`, `-3`… on a clash), then writes everything and its audit entry in one
 * transaction. A dry run works out the same answer and writes nothing. One import runs at a time.
 */
export function createImportService(deps: {
  db: Database
  clock: Clock
  events: ContentEvents
  activity: ActivityService
}) {
  const { db, clock, events, activity } = deps
  let running = false

  return {
    /** Refused (409) while another import runs in this process. */
    begin(): () => void {
      if (running) throw new Conflict(IMPORT_MESSAGES.busy)
      running = true
      return () => {
        running = false
      }
    },

    async run(
      source: ImportSource,
      read: ImportReader,
      file: string,
      admin: Pick<SessionUser, 'id' | 'displayName'>,
      options: { dryRun: boolean },
    ): Promise<ImportResult> {
      const skipped = new Skipped()
      const work = await mkdtemp(path.join(tmpdir(), 'import-html-'))
      try {
        const htmlFile = path.join(work, 'html.jsonl')
        const entries = await collect(read, file, skipped, htmlFile)
        if (options.dryRun) return (await plan(db, source, entries, skipped)).result
        const at = clock.now().toISOString()
        const result = await writeOnce(async () =>
          inTransaction(db, async (trx) => {
            // Worked out again inside: what an earlier import or a new post took is seen as it stands.
            const planned = await plan(trx, source, entries, skipped.copy())
            // Each item its own creation instant, in the file's order: SQLite numbers a draft's
            // search row by it, at most 1024 to a millisecond.
            const start = Date.parse(at)
            const html = htmlLines(htmlFile)
            for (const [i, item] of planned.items.entries()) {
              const content = await html.at(item.entry.line)
              await write(trx, source, item, content, admin.id, new Date(start + i).toISOString())
            }
            await activity.record(admin, auditNote(source, planned.result), trx)
            return planned.result
          }),
        )
        announce(events, result)
        return result
      } finally {
        await rm(work, { recursive: true, force: true })
      }
    },
  }
}

/** The sanitized HTML of the entries, read back in order: `at(line)` for increasing lines. */
function htmlLines(file: string) {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity })[
    Symbol.asyncIterator
  ]()
  let next = 0
  return {
    async at(line: number): Promise<string> {
      for (;;) {
        const { value, done } = await lines.next()
        if (done) throw new Error(`the import's HTML ended before line ${line}`)
        if (next++ === line) return JSON.parse(value as string) as string
      }
    },
  }
}

/**
 * The item's lasting id as the site keeps it: without control characters (PostgreSQL refuses NUL
 * in text), and a long one by its SHA-256 (an index row holds a few kilobytes at most).
 */
function sourceKey(sourceId: string): string {
  const id = stripControls(sourceId)
  return id.length <= SOURCE_ID_MAX ? id : `sha256:${createHash('sha256').update(id).digest('hex')}`
}

/** A date of years 1 to 9999, whose ISO text sorts as the date does; another is no date. */
function ordinaryDate(iso: string | null): string | null {
  return iso !== null && /^\d{4}-/.test(iso) && !iso.startsWith('0000') ? iso : null
}

/** Cached pages that list posts or pages are told of what the import created. */
function announce(events: ContentEvents, result: ImportResult): void {
  if (result.created.posts) events.changed('posts')
  if (result.created.pages) events.changed('pages')
}

/**
 * Another server of the site importing the same items, or an admin taking a slug, between the
 * plan and its writes: a Conflict to try again, not a failure.
 */
async function writeOnce<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict(IMPORT_MESSAGES.changedMeanwhile, { cause: error })
    throw error
  }
}

/** Reads the export through, sanitizing each item; what cannot be brought in goes to `skipped`. */
async function collect(
  read: ImportReader,
  file: string,
  skipped: Skipped,
  htmlFile: string,
): Promise<Prepared[]> {
  const entries: Prepared[] = []
  const html = createWriteStream(htmlFile, { mode: 0o600 })
  const closed = once(html, 'close')
  try {
    await collectInto(read, file, skipped, entries, async (content) => {
      if (!html.write(`${JSON.stringify(content)}\n`)) await once(html, 'drain')
    })
  } finally {
    html.end()
    await closed
  }
  return entries
}

async function collectInto(
  read: ImportReader,
  file: string,
  skipped: Skipped,
  entries: Prepared[],
  keepHtml: (html: string) => Promise<void>,
): Promise<void> {
  const seen = new Set<string>()
  // Sanitizing is CPU work: a large export gives way to other requests between items.
  const pause = createPause()
  for await (const item of read(file)) {
    await pause()
    // An export is text no one typed here: control characters are dropped (PostgreSQL refuses
    // NUL in text), as a form's prose drops them.
    const title = labelFrom(item.title, TITLE_MAX) || UNTITLED
    if (item.type === 'skipped') {
      skipped.add(title, item.reason)
      continue
    }
    const sourceId = sourceKey(item.sourceId)
    if (seen.has(sourceId)) {
      skipped.add(title, IMPORT_MESSAGES.twiceInFile)
      continue
    }
    // Each one kept is held (its title, slug and tags) until the import writes them all. The
    // readers refuse such a file before this, from their first pass; this is the last word.
    if (entries.length === IMPORT_MAX_ITEMS) throw new PayloadTooLarge(IMPORT_MESSAGES.tooManyItems)
    seen.add(sourceId)
    let html: string
    try {
      html = requireContentHtml(stripControls(item.html))
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      skipped.add(title, error.message)
      continue
    }
    await keepHtml(html)
    const { html: _source, ...fields } = item
    entries.push({
      ...fields,
      sourceId,
      line: entries.length,
      title,
      publishedAt: ordinaryDate(item.publishedAt),
      featureImageUrl: item.featureImageUrl === null ? null : webAddress(item.featureImageUrl),
      excerpt:
        item.excerpt === null
          ? null
          : stripControls(item.excerpt).trim().slice(0, POST_EXCERPT_MAX) || null,
      tags: item.tags.map((tag) => labelFrom(tag, TAG_MAX)),
    })
  }
}

async function plan(
  db: Database,
  source: ImportSource,
  entries: Prepared[],
  skipped: Skipped,
): Promise<{ items: Planned[]; result: ImportResult }> {
  const before = await findImportedSourceIds(
    db,
    source,
    entries.map((e) => e.sourceId),
  )
  const taken = await listTakenSlugs(db)
  const slugs = { post: new Set(taken.posts), page: new Set(taken.pages) }
  for (const slug of RESERVED_PAGE_SLUGS) if (!MEMBER_PAGE_SLUGS.has(slug)) slugs.page.add(slug)
  const knownTags = new Set<string>()
  for (const list of await listPostTagLists(db))
    for (const tag of JSON.parse(list) as string[]) knownTags.add(tag.toLowerCase())

  const created = { posts: 0, pages: 0, tags: 0 }
  const items: Planned[] = []
  // SQLite numbers a published post's search row by its date, at most 1024 to a millisecond:
  // posts of one export that share an instant are a millisecond apart.
  const instants = new Set<number>()
  for (const entry of entries) {
    if (before.has(entry.sourceId)) {
      skipped.add(entry.title, IMPORT_MESSAGES.importedBefore)
      continue
    }
    const used = slugs[entry.kind]
    const slug = freeSlug(slugify(entry.slug) || slugFromTitle(entry.title, entry.kind), used)
    used.add(slug)
    const tags = entry.kind === 'post' ? tagsOf(entry.tags) : []
    for (const tag of tags) {
      if (knownTags.has(tag.toLowerCase())) continue
      knownTags.add(tag.toLowerCase())
      created.tags++
    }
    if (entry.kind === 'post') created.posts++
    else created.pages++
    let publishedAt = entry.publishedAt
    if (entry.kind === 'post' && entry.status === 'published' && publishedAt !== null) {
      let ms = Date.parse(publishedAt)
      while (instants.has(ms)) ms++
      instants.add(ms)
      publishedAt = new Date(ms).toISOString()
    }
    items.push({ entry: { ...entry, tags, publishedAt }, slug })
  }
  return { items, result: { created, skipped: skipped.listed, skippedTotal: skipped.total } }
}

/** The first of base, base-2, base-3… that nothing on the site uses yet. */
function freeSlug(base: string, used: Set<string>): string {
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}

/** At most TAGS_PER_POST names of at most TAG_MAX characters, no name twice. */
function tagsOf(names: string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const name of names) {
    const tag = name.trim().slice(0, TAG_MAX).trim()
    if (!tag || seen.has(tag.toLowerCase())) continue
    seen.add(tag.toLowerCase())
    out.push(tag)
    if (out.length === TAGS_PER_POST) break
  }
  return out
}

async function write(
  trx: Trx,
  source: ImportSource,
  { entry, slug }: Planned,
  html: string,
  authorId: number,
  at: string,
): Promise<void> {
  // Published without a date: the moment of the import. A future date schedules it, as on the site.
  const publishedAt = entry.status === 'draft' ? null : (entry.publishedAt ?? at)
  const id = randomUUID()
  if (entry.kind === 'post') {
    const excerpt = entry.excerpt?.slice(0, POST_EXCERPT_MAX) ?? null
    const row = await insertPost(trx, {
      id,
      title: entry.title,
      slug,
      content: html,
      excerpt,
      featured_image_url: entry.featureImageUrl,
      tags: JSON.stringify(entry.tags),
      status: entry.status,
      published_at: publishedAt,
      visibility: entry.visibility,
      public_at: null,
      // An imported post was news on its own site: it is never mailed to this site's subscribers.
      email_subscribers: 0,
      author_id: authorId,
      created_at: at,
      updated_at: at,
    })
    const documents = searchDocuments({
      title: entry.title,
      excerpt,
      tags: entry.tags,
      content: html,
    })
    await upsertSearchDocument(trx, row, documents)
  } else {
    await insertPage(trx, {
      id,
      title: entry.title,
      slug,
      content: html,
      status: entry.status,
      meta_description: entry.excerpt?.slice(0, PAGE_DESCRIPTION_MAX) ?? null,
      published_at: publishedAt,
      created_at: at,
      updated_at: at,
    })
  }
  await insertImportedItem(trx, {
    source,
    source_id: entry.sourceId,
    kind: entry.kind,
    item_id: id,
    imported_at: at,
  })
}

function auditNote(source: ImportSource, { created, skippedTotal }: ImportResult) {
  return {
    kind: 'import' as const,
    action: 'import' as const,
    targetId: null,
    summary:
      `Imported from ${IMPORT_SOURCE_LABELS[source]}: ${counted(created.posts, 'post')}, ` +
      `${counted(created.pages, 'page')}, ${counted(created.tags, 'new tag')}; ${skippedTotal} skipped`,
  }
}

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`
