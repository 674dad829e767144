import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream'
import { JSONParser, type ParsedElementInfo } from '@streamparser/json-node'
import { jsonDepthGuard } from './json-depth.ts'
import type { ContentStatus } from '../../contracts/common-constants.ts'
import {
  IMPORT_MAX_ITEMS,
  IMPORT_MAX_SIDE_ROWS,
  IMPORT_MESSAGES,
} from '../../contracts/import-constants.ts'
import { PayloadTooLarge } from '../shared/errors.ts'
import {
  type ImportedEntry,
  ImportFormatError,
  type ImportReader,
  type ImportReadResult,
  webAddress,
} from './entries.ts'

export const GHOST_MESSAGES = {
  notJson: 'The file is not valid JSON: choose the .json file Ghost exported.',
  notGhost:
    'The file is not a Ghost export: choose the .json file from Ghost’s Settings → Labs → Export.',
  editorOnly:
    'Ghost exported only its editor’s document (Lexical or mobiledoc) for it, no HTML: open it in Ghost, save it, and export again.',
  empty: 'It has no content.',
  membersPage: 'It is a members-only page; the site’s pages are public.',
  unknownType: (type: string) => `Ghost’s “${type}” items are not imported.`,
} as const

/** A row of a Ghost table, as the export has it: every field may be missing or of another type. */
type Row = Record<string, unknown>

/**
 * Ghost's JSON export, version 5 or 6 (`{db: [{meta, data}]}`; older tools wrote `{meta, data}`).
 * The first pass keeps the small tables (tags, the post–tag links, the posts' meta); the second
 * walks the posts one at a time, so memory holds one post, never the file.
 */
export const readGhostExport: ImportReader = async function* (file) {
  // The tables' rows are let go once these are made.
  const { tagsOf, metaDescription } = lookups(await readSmallTables(file))
  for await (const { value } of rows(file, ['posts'])) {
    yield toEntry(value, tagsOf, metaDescription)
  }
}

/** Each post's tag names and its description, by the post's id. */
function lookups(small: Record<SmallTable, Row[]>) {
  const metaDescription = new Map<string, string>()
  for (const meta of small.posts_meta) {
    const description = text(meta.meta_description)
    if (typeof meta.post_id === 'string' && description)
      metaDescription.set(meta.post_id, description)
  }
  return { tagsOf: postTags(small), metaDescription }
}

const SMALL_TABLES = ['tags', 'posts_tags', 'posts_meta'] as const
type SmallTable = (typeof SMALL_TABLES)[number]

/**
 * The small tables, and how many posts and pages there are: a file past the import's limits is
 * refused here, before any post is read again, sanitized and held.
 */
async function readSmallTables(file: string): Promise<Record<SmallTable, Row[]>> {
  const tables: Record<SmallTable, Row[]> = { tags: [], posts_tags: [], posts_meta: [] }
  let meta: Row | null = null
  let posts = 0
  let kept = 0
  // The posts are walked too (and let go one by one), so that the parser never keeps them.
  for await (const { value, table } of rows(file, [...SMALL_TABLES, 'posts'], true)) {
    if (table === 'meta') meta = value
    else if (table === 'posts') {
      if (++posts > IMPORT_MAX_ITEMS) throw new PayloadTooLarge(IMPORT_MESSAGES.tooManyItems)
    } else if (table !== 'posts_meta' || text(value.meta_description)) {
      if (++kept > IMPORT_MAX_SIDE_ROWS) throw new PayloadTooLarge(IMPORT_MESSAGES.tooManySideRows)
      tables[table as SmallTable].push(pick(table, value))
    }
  }
  if (!meta || typeof meta.version !== 'string')
    throw new ImportFormatError(GHOST_MESSAGES.notGhost)
  return tables
}

/** A Ghost export nests some six levels deep (a post's fields); Lexical documents a few dozen. */
const MAX_JSON_DEPTH = 64

/** Only the fields the import reads, so a large table's other columns are not kept. */
function pick(table: string, row: Row): Row {
  switch (table) {
    case 'tags':
      return { id: row.id, name: row.name, visibility: row.visibility }
    case 'posts_tags':
      return { post_id: row.post_id, tag_id: row.tag_id, sort_order: row.sort_order }
    default:
      return { post_id: row.post_id, meta_description: row.meta_description }
  }
}

/**
 * The rows of the given tables (and the export's `meta` when asked), in the file's order. Both
 * the Ghost 5/6 shape and the bare `{meta, data}` one are read.
 */
async function* rows(
  file: string,
  tables: readonly string[],
  withMeta = false,
): AsyncGenerator<{ table: string; value: Row }> {
  const paths: string[] = []
  for (const root of ['$.db.0', '$']) {
    if (withMeta) paths.push(`${root}.meta`)
    for (const table of tables) paths.push(`${root}.data.${table}.*`)
  }
  const parser = new JSONParser({ paths, keepStack: false })
  // The parser reports a broken document through the stream it reads, which fails the loop below.
  const guard = jsonDepthGuard(MAX_JSON_DEPTH, () => new ImportFormatError(GHOST_MESSAGES.notJson))
  pipeline(createReadStream(file), guard, parser, () => {})
  try {
    for await (const element of parser as AsyncIterable<ParsedElementInfo>) {
      const { value, key, stack } = element
      const table = key === 'meta' ? 'meta' : String(stack.at(-1)?.key ?? '')
      if (value && typeof value === 'object' && !Array.isArray(value))
        yield { table, value: value as Row }
    }
  } catch (error) {
    if (error instanceof ImportFormatError) throw error
    throw new ImportFormatError(GHOST_MESSAGES.notJson, { cause: error })
  } finally {
    parser.destroy()
  }
}

/** Each post's tag names in Ghost's order; internal tags (`#name`) are Ghost's own and stay behind. */
function postTags(tables: Record<SmallTable, Row[]>): Map<string, string[]> {
  const names = new Map<string, string>()
  for (const tag of tables.tags) {
    const name = text(tag.name)
    if (
      typeof tag.id === 'string' &&
      name &&
      tag.visibility !== 'internal' &&
      !name.startsWith('#')
    )
      names.set(tag.id, name)
  }
  const links = tables.posts_tags
    .filter((l) => typeof l.post_id === 'string' && typeof l.tag_id === 'string')
    .sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0))
  // A name once per post, whatever its case: by a set, as one post may carry a crafted export's
  // every tag (comparing each with all before it took 23 s for 50,000, the server held).
  const byPost = new Map<string, { names: string[]; seen: Set<string> }>()
  for (const link of links) {
    const name = names.get(link.tag_id as string)
    if (!name) continue
    let tags = byPost.get(link.post_id as string)
    if (!tags) byPost.set(link.post_id as string, (tags = { names: [], seen: new Set() }))
    const key = name.toLowerCase()
    if (tags.seen.has(key)) continue
    tags.seen.add(key)
    tags.names.push(name)
  }
  return new Map([...byPost].map(([post, { names: list }]) => [post, list]))
}

function toEntry(
  post: Row,
  tagsOf: Map<string, string[]>,
  metaDescription: Map<string, string>,
): ImportReadResult {
  const title = text(post.title) ?? '(Untitled)'
  const skipped = (reason: string) => ({ type: 'skipped' as const, title, reason })
  const type = text(post.type) ?? 'post'
  if (type !== 'post' && type !== 'page') return skipped(GHOST_MESSAGES.unknownType(type))
  const html = text(post.html)
  if (!html) {
    const editorOnly = text(post.lexical) !== null || text(post.mobiledoc) !== null
    return skipped(editorOnly ? GHOST_MESSAGES.editorOnly : GHOST_MESSAGES.empty)
  }
  const visibility = text(post.visibility) === 'public' || !post.visibility ? 'public' : 'members'
  if (type === 'page' && visibility !== 'public') return skipped(GHOST_MESSAGES.membersPage)
  const id = text(post.id) ?? ''
  const status = statusOf(text(post.status))
  const entry: ImportedEntry = {
    type: 'entry',
    kind: type,
    sourceId: text(post.uuid) ?? id,
    title,
    slug: text(post.slug) ?? '',
    html,
    status,
    publishedAt:
      status === 'draft' ? null : (isoDate(post.published_at) ?? isoDate(post.created_at)),
    excerpt:
      text(post.custom_excerpt) ?? (type === 'page' ? (metaDescription.get(id) ?? null) : null),
    // Ghost's own addresses (`__GHOST_URL__/content/…`) mean nothing here: only absolute ones.
    featureImageUrl: typeof post.feature_image === 'string' ? webAddress(post.feature_image) : null,
    tags: tagsOf.get(id) ?? [],
    visibility,
  }
  if (!entry.sourceId) return skipped(GHOST_MESSAGES.empty)
  return entry
}

/**
 * Ghost's statuses: `scheduled` is published at its future date (the site's own scheduling);
 * `sent` went out by e-mail only, so it is kept out of sight.
 */
function statusOf(status: string | null): ContentStatus {
  if (status === 'published' || status === 'scheduled') return 'published'
  if (status === 'sent') return 'archived'
  return 'draft'
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null
}

function isoDate(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}
