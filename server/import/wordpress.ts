import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { Parser as XmlParser } from 'htmlparser2'
import { htmlToText } from '../../contracts/html-text.ts'
import {
  IMPORT_MAX_ITEMS,
  IMPORT_MAX_SIDE_ROWS,
  IMPORT_MESSAGES,
} from '../../contracts/import-constants.ts'
import { slugFromTitle, slugify } from '../../contracts/slug.ts'
import { PayloadTooLarge } from '../shared/errors.ts'
import {
  ImportFormatError,
  type ImportedEntry,
  type ImportReader,
  type ImportReadResult,
} from './entries.ts'

/** What the admin reads when the file cannot be read as a WordPress export. */
export const WORDPRESS_MESSAGES = {
  empty:
    'The file is empty. Export your site again from WordPress (Tools → Export) and upload the .xml file it gives you.',
  notWxr:
    'This file is not a WordPress export. In WordPress, use Tools → Export → All content and upload the .xml file it gives you.',
  plainRss:
    'This file is an RSS feed, not a WordPress export: it has no posts’ full content. In WordPress, use Tools → Export → All content and upload the .xml file it gives you.',
  truncated:
    'The WordPress export ends before its last item: the file was probably cut short while downloading. Export again and upload the whole file.',
  unknownVersion: (version: string) =>
    `This WordPress export uses format version ${version}, which this site does not read (it reads versions 1.0 to 1.2).`,
  otherType: (type: string) =>
    `Only posts and pages are imported; this is a WordPress “${type}” item.`,
  trashed: 'It is in WordPress’s trash.',
} as const

/** Reads WordPress's namespaces of export versions 1.0, 1.1 and 1.2 (`http://wordpress.org/export/1.2/`). */
const WXR_NAMESPACE = /^https?:\/\/wordpress\.org\/export\/(\d+\.\d+)\/?$/
const WXR_VERSIONS = new Set(['1.0', '1.1', '1.2'])
/** How deep the elements of an export may nest: far more than WordPress writes. */
const MAX_XML_DEPTH = 64

/** WordPress's own machinery, not content: skipped without a word. */
const INTERNAL_TYPES = new Set([
  'attachment',
  'nav_menu_item',
  'revision',
  'custom_css',
  'customize_changeset',
  'oembed_cache',
  'user_request',
])

/** Non-whitespace text before the root element: more than this, and it is not XML at all. */
const MAX_TEXT_BEFORE_ROOT = 64

/** The item's children this reader keeps (everything else, comments included, is passed over). */
const ITEM_FIELDS = new Set([
  'title',
  'guid',
  'content:encoded',
  'excerpt:encoded',
  'wp:post_id',
  'wp:post_date',
  'wp:post_date_gmt',
  'wp:post_name',
  'wp:status',
  'wp:post_type',
  'wp:post_password',
  'wp:attachment_url',
])
const CHANNEL_FIELDS = new Set(['wp:wxr_version', 'wp:base_site_url', 'wp:base_blog_url'])

interface RawItem {
  fields: Map<string, string>
  categories: Category[]
  meta: Map<string, string>
}

interface Category {
  domain: string
  nicename: string
  name: string
}

interface Channel {
  version: string | null
  baseSiteUrl: string | null
}

/**
 * Reads a WordPress export (WXR) as it streams from disk, one `<item>` at a time, so a large
 * export costs about one item of memory. It reads the file twice: first to check it is a whole
 * WXR file and to collect the attachments' URLs (a post's feature image is an attachment, which
 * WordPress may write before or after the post), then to yield the posts and pages in order.
 * Nothing is yielded from a file that is not a whole export.
 */
export const readWordPressExport: ImportReader = async function* (file) {
  if ((await stat(file)).size === 0) throw new ImportFormatError(WORDPRESS_MESSAGES.empty)
  const attachments = new Map<string, string>()
  const channel: Channel = { version: null, baseSiteUrl: null }
  // A file past the import's limits is refused here, before any post is sanitized and held.
  let posts = 0
  for await (const items of walkItems(file, channel)) {
    for (const item of items) {
      const type = item.fields.get('wp:post_type')
      if ((type === 'post' || type === 'page') && ++posts > IMPORT_MAX_ITEMS)
        throw new PayloadTooLarge(IMPORT_MESSAGES.tooManyItems)
      const url = item.fields.get('wp:attachment_url')
      const id = item.fields.get('wp:post_id')
      if (type !== 'attachment' || !url || !id) continue
      attachments.set(id, url)
      if (attachments.size > IMPORT_MAX_SIDE_ROWS)
        throw new PayloadTooLarge(IMPORT_MESSAGES.tooManySideRows)
    }
  }
  for await (const items of walkItems(file, channel)) {
    for (const item of items) {
      const result = toEntry(item, attachments, channel)
      if (result) yield result
    }
  }
}

/**
 * Streams the file through the XML parser and yields, after each chunk, the items that chunk
 * completed: the stream is read only as fast as the items are taken.
 */
async function* walkItems(file: string, channel: Channel): AsyncGenerator<RawItem[]> {
  const { Parser } = await import('htmlparser2')
  const done: RawItem[] = []
  const stack: string[] = []
  let rootSeen = false
  let rootClosed = false
  let textBeforeRoot = 0
  let item: RawItem | null = null
  let category: Category | null = null
  let metaKey = ''
  let metaValue = ''
  let text: string[] | null = null
  // The depth of the element whose text is being kept: a stray tag inside it does not end it.
  let textDepth = 0

  const keepText = () => {
    text = []
    textDepth = stack.length
  }

  const parser: XmlParser = new Parser(
    {
      onopentag(name, attribs) {
        // An export nests six deep (rss, channel, item, wp:postmeta, wp:meta_key); the parser's
        // work per tag grows with the depth, so a file of endless open tags would hold the
        // server for hours.
        if (stack.length >= MAX_XML_DEPTH) throw new ImportFormatError(WORDPRESS_MESSAGES.notWxr)
        if (!rootSeen) {
          if (name !== 'rss') throw new ImportFormatError(WORDPRESS_MESSAGES.notWxr)
          checkNamespaces(attribs)
          rootSeen = true
        }
        stack.push(name)
        if (text) return
        const parent = stack[stack.length - 2]
        if (name === 'item' && parent === 'channel' && stack.length === 3) {
          item = { fields: new Map(), categories: [], meta: new Map() }
        } else if (item && parent === 'item' && stack.length === 4) {
          if (ITEM_FIELDS.has(name)) keepText()
          else if (name === 'category') {
            category = { domain: attribs.domain ?? '', nicename: attribs.nicename ?? '', name: '' }
            keepText()
          } else if (name === 'wp:postmeta') metaKey = metaValue = ''
        } else if (item && parent === 'wp:postmeta' && stack.length === 5) {
          if (name === 'wp:meta_key' || name === 'wp:meta_value') keepText()
        } else if (parent === 'channel' && stack.length === 3 && CHANNEL_FIELDS.has(name)) {
          keepText()
        }
      },
      ontext(data) {
        if (text) text.push(data)
        else if (!rootSeen && /\S/.test(data)) {
          textBeforeRoot += data.trim().length
          if (textBeforeRoot > MAX_TEXT_BEFORE_ROOT) {
            throw new ImportFormatError(WORDPRESS_MESSAGES.notWxr)
          }
        }
      },
      onclosetag(name, isImplied) {
        const depth = stack.length
        if (text && depth > textDepth) {
          stack.pop()
          return
        }
        const value = text ? ownCopy(text.join('')) : ''
        text = null
        stack.pop()
        if (depth === 1) {
          rootClosed = !isImplied
        } else if (depth === 3 && name === 'item' && item) {
          done.push(item)
          item = null
        } else if (depth === 3 && stack[1] === 'channel') {
          if (name === 'wp:wxr_version') channel.version = value.trim()
          else if (name === 'wp:base_site_url') channel.baseSiteUrl = value.trim()
          else if (name === 'wp:base_blog_url') channel.baseSiteUrl ??= value.trim()
        } else if (depth === 4 && item) {
          if (name === 'category' && category) {
            category.name = value
            item.categories.push(category)
            category = null
          } else if (name === 'wp:postmeta') {
            if (metaKey) item.meta.set(metaKey, metaValue)
          } else if (ITEM_FIELDS.has(name)) item.fields.set(name, value)
        } else if (depth === 5 && item) {
          if (name === 'wp:meta_key') metaKey = value.trim()
          else if (name === 'wp:meta_value') metaValue = value
        }
      },
    },
    { xmlMode: true },
  )

  const stream = createReadStream(file, { encoding: 'utf8' })
  try {
    for await (const chunk of stream) {
      parser.write(chunk as string)
      if (done.length) yield done.splice(0)
    }
    parser.end()
  } finally {
    stream.destroy()
  }
  if (!rootSeen) throw new ImportFormatError(WORDPRESS_MESSAGES.notWxr)
  if (!rootClosed) throw new ImportFormatError(WORDPRESS_MESSAGES.truncated)
  if (channel.version && !WXR_VERSIONS.has(channel.version)) {
    throw new ImportFormatError(WORDPRESS_MESSAGES.unknownVersion(channel.version))
  }
  if (done.length) yield done.splice(0)
}

/** An RSS feed without WordPress's export namespace is a plain feed (summaries), not an export. */
function checkNamespaces(attribs: Record<string, string>) {
  const wp = attribs['xmlns:wp']
  if (wp === undefined) throw new ImportFormatError(WORDPRESS_MESSAGES.plainRss)
  const version = WXR_NAMESPACE.exec(wp.trim())?.[1]
  if (!version) throw new ImportFormatError(WORDPRESS_MESSAGES.notWxr)
  if (!WXR_VERSIONS.has(version)) {
    throw new ImportFormatError(WORDPRESS_MESSAGES.unknownVersion(version))
  }
}

/**
 * The parser hands text as slices of the chunk it arrived in, and a slice keeps its whole chunk
 * alive: an import keeps each item's title, slug and tags until it writes them, and with slices
 * it held the whole file again (57–67 MB more for a 53 MB export). A copy holds only its own text.
 */
function ownCopy(value: string): string {
  return Buffer.from(value, 'utf8').toString('utf8')
}

function toEntry(
  item: RawItem,
  attachments: Map<string, string>,
  channel: Channel,
): ImportReadResult | null {
  const field = (name: string) => item.fields.get(name)?.trim() ?? ''
  const type = field('wp:post_type') || 'post'
  const status = field('wp:status')
  const title = htmlToText(item.fields.get('title') ?? '')
  if (type !== 'post' && type !== 'page') {
    if (INTERNAL_TYPES.has(type) || type.startsWith('wp_') || !title) return null
    return { type: 'skipped', title, reason: WORDPRESS_MESSAGES.otherType(type) }
  }
  // An auto-draft is the empty post WordPress opens behind "Add New": nothing was written.
  if (status === 'auto-draft' || status === 'inherit') return null
  if (status === 'trash') {
    return title ? { type: 'skipped', title, reason: WORDPRESS_MESSAGES.trashed } : null
  }
  const kind = type
  const postId = field('wp:post_id')
  const protectedByPassword = field('wp:post_password') !== ''
  const date = wordPressDate(field('wp:post_date_gmt'))
  // Published (and scheduled: the site schedules a published post with a future date); every
  // other state (draft, pending review, private) arrives as a draft, unseen until the admin
  // decides. A password-protected page arrives as a draft too: pages are always public here.
  const published =
    (status === 'publish' || status === 'future') && !(kind === 'page' && protectedByPassword)
  const thumbnail = item.meta.get('_thumbnail_id')?.trim()
  const entry: ImportedEntry = {
    type: 'entry',
    kind,
    sourceId: field('guid') || fallbackSourceId(channel, kind, postId),
    title: title || '(no title)',
    slug: wordPressSlug(field('wp:post_name'), title, kind),
    html: withParagraphs(item.fields.get('content:encoded') ?? ''),
    status: published ? 'published' : 'draft',
    publishedAt: published ? (date ?? wordPressDate(field('wp:post_date'))) : null,
    excerpt: htmlToText(item.fields.get('excerpt:encoded') ?? '') || null,
    featureImageUrl: (thumbnail && attachments.get(thumbnail)) || null,
    tags: kind === 'post' ? tagsOf(item) : [],
    visibility: kind === 'post' && protectedByPassword ? 'members' : 'public',
  }
  return entry
}

/** WordPress's own default guid form, for an export whose item has none. */
function fallbackSourceId(channel: Channel, kind: 'post' | 'page', postId: string): string {
  const base = (channel.baseSiteUrl ?? '').replace(/\/+$/, '')
  return `${base}/?${kind === 'page' ? 'page_id' : 'p'}=${postId}`
}

/** `2026-03-01 21:05:00` (UTC) → ISO 8601; WordPress writes zeros for a date it never set. */
function wordPressDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value)
  if (!match || match[1] === '0000') return null
  const date = new Date(`${match.slice(1, 4).join('-')}T${match.slice(4, 7).join(':')}Z`)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/**
 * WordPress stores a non-ASCII slug percent-encoded (`%c3%a9clipse`); the site's slugs are plain
 * ASCII words, so it is decoded and put in the site's form, or made from the title when empty.
 */
function wordPressSlug(postName: string, title: string, kind: 'post' | 'page'): string {
  let name = postName
  try {
    name = decodeURIComponent(postName)
  } catch {
    // A stray `%` in a hand-made slug: kept as written.
  }
  return slugify(name) || slugFromTitle(title, kind)
}

/** Categories and tags, both become tags: names decoded, in the file's order, each once. */
function tagsOf(item: RawItem): string[] {
  const tags = new Map<string, string>()
  for (const { domain, nicename, name } of item.categories) {
    if (domain !== 'category' && domain !== 'post_tag') continue
    // WordPress files every post without a category under "Uncategorized": not a subject.
    if (domain === 'category' && nicename === 'uncategorized') continue
    const tag = htmlToText(name)
    if (tag && !tags.has(tag.toLowerCase())) {
      tags.set(tag.toLowerCase(), tag)
    }
  }
  return [...tags.values()]
}

const BLOCK_LEVEL =
  /<(p|div|h[1-6]|ul|ol|dl|li|blockquote|pre|table|figure|hr|section|article|aside|header|footer|nav|details|address|form|fieldset)\b/i

/**
 * The classic editor stores paragraphs as blank lines and lets the theme add `<p>` (wpautop).
 * Content with no block-level element of its own gets its paragraphs and line breaks written out;
 * content with any (the block editor's, or hand-written HTML) is kept as it is.
 */
export function withParagraphs(html: string): string {
  const content = html.replace(/\r\n?/g, '\n').trim()
  if (!content || BLOCK_LEVEL.test(content)) return content
  return content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br />\n')}</p>`)
    .join('\n')
}
