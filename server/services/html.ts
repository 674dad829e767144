import { createRequire } from 'node:module'
import type { Parser as HtmlParser } from 'htmlparser2'
import type SanitizeHtml from 'sanitize-html'
import {
  CONTENT_MAX_DEPTH,
  CONTENT_MAX_LENGTH,
  CONTENT_MESSAGES,
  FAQ_CONTENT_MAX_LENGTH,
} from '../../contracts/blog.ts'
import { htmlToText } from '../../contracts/html-text.ts'
import { ValidationError } from '../shared/errors.ts'

const YOUTUBE_EMBED =
  /^https:\/\/(www\.)?(youtube\.com|youtube-nocookie\.com)\/embed\/[A-Za-z0-9_-]{6,20}(\?[A-Za-z0-9_=&.-]*)?$/
const SAFE_REL = new Set(['nofollow', 'noopener', 'noreferrer', 'ugc', 'sponsored', 'external'])

/**
 * The allowlist for post, page and FAQ HTML: what a rich-text editor produces and an article
 * needs. No script, no style, no event handler, no javascript: URL survives; iframes only for
 * YouTube embeds.
 */
const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'span',
    'div',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'sub',
    'sup',
    'small',
    'abbr',
    'cite',
    'q',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'picture',
    'source',
    'blockquote',
    'pre',
    'code',
    'kbd',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel', 'id'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    source: ['srcset', 'type', 'media'],
    iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading'],
    table: ['tabindex'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start', 'reversed', 'type'],
    abbr: ['title'],
    '*': ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], source: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com'],
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) =>
    frame.tag === 'iframe' && !YOUTUBE_EMBED.test(frame.attribs.src ?? ''),
  transformTags: {
    '*': (tagName, attribs) => {
      prefixId(attribs)
      return { tagName, attribs }
    },
    // A wide table scrolls sideways on a phone: keyboard users must be able to reach it.
    table: (tagName, attribs) => {
      prefixId(attribs)
      return { tagName, attribs: { ...attribs, tabindex: '0' } }
    },
    a: (tagName, attribs) => {
      prefixId(attribs)
      // In-page links follow their target's prefixed id.
      if (attribs.href?.startsWith('#') && attribs.href.length > 1)
        attribs.href = `#${CONTENT_ID_PREFIX}${attribs.href.slice(1).replace(/^content-/, '')}`
      const rel = new Set(
        (attribs.rel ?? '').split(/\s+/).filter((r) => SAFE_REL.has(r.toLowerCase())),
      )
      if (attribs.target) {
        // A new tab must not get a handle on this page.
        attribs.target = '_blank'
        rel.add('noopener')
        rel.add('noreferrer')
      }
      if (rel.size) attribs.rel = [...rel].join(' ')
      else delete attribs.rel
      return { tagName, attribs }
    },
  },
}

/**
 * Authors' ids are prefixed, so no content can shadow an id the app relies on (DOM clobbering,
 * e.g. `id="__reactRouterContext"`); links to `#x` in the same content are rewritten to match,
 * and the page's hash scrolling tries the prefixed id too.
 */
export const CONTENT_ID_PREFIX = 'content-'

function prefixId(attribs: Record<string, string>) {
  if (attribs.id === undefined) return
  const id = attribs.id
    .replace(/[^\w-]/g, '')
    .replace(/^content-/, '')
    .slice(0, 80)
  if (id) attribs.id = `${CONTENT_ID_PREFIX}${id}`
  else delete attribs.id
}

/** How long stored markup may be: a post's or page's body, or an FAQ's answer. */
export const CONTENT_LIMITS = {
  body: { max: CONTENT_MAX_LENGTH, message: CONTENT_MESSAGES.contentTooLong },
  answer: { max: FAQ_CONTENT_MAX_LENGTH, message: CONTENT_MESSAGES.faqContentTooLong },
} as const

/**
 * Clean post, page or FAQ markup; a ValidationError when it nests deeper than any article, or
 * when the clean markup is longer than its limit (escaping can lengthen text that was within it).
 */
export function sanitizeContentHtml(
  html: string,
  limit: { max: number; message: string } = CONTENT_LIMITS.body,
): string {
  assertNestingWithin(html, CONTENT_MAX_DEPTH)
  const clean = sanitizeHtml(html, OPTIONS).trim()
  if (clean.length > limit.max)
    throw new ValidationError(limit.message, { details: { content: [limit.message] } })
  return clean
}

// Loaded on first use: pages that only read content never need the HTML parser.
const require = createRequire(import.meta.url)
let sanitizer: typeof SanitizeHtml | undefined
function sanitizeHtml(html: string, options: SanitizeHtml.IOptions): string {
  sanitizer ??= require('sanitize-html') as typeof SanitizeHtml
  return sanitizer(html, options)
}

let Parser: typeof HtmlParser | undefined
const TOO_DEEP = Symbol('too deep')
/**
 * Stops at the first element deeper than `max`, so deep markup costs no more than shallow. The
 * parser (the sanitizer's own) looks through its stack of open elements at every closing tag:
 * fine at an article's depth, quadratic at tens of thousands of levels.
 */
function assertNestingWithin(html: string, max: number) {
  Parser ??= (require('htmlparser2') as { Parser: typeof HtmlParser }).Parser
  let depth = 0
  const parser = new Parser({
    onopentag() {
      if (++depth > max) throw TOO_DEEP
    },
    onclosetag() {
      depth--
    },
  })
  try {
    parser.end(html)
  } catch (error) {
    if (error !== TOO_DEEP) throw error
    throw new ValidationError(CONTENT_MESSAGES.tooDeep, {
      details: { content: [CONTENT_MESSAGES.tooDeep] },
    })
  }
}

/** Lower case without diacritics, the form both search indexes and queries are normalised to. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

export const SEARCH_MAX_TERMS = 8

/** The words of a search box entry, safe to put into either engine's full-text query. */
export function searchTerms(query: string | null | undefined): string[] {
  if (!query) return []
  const words = foldForSearch(query).match(/[\p{L}\p{N}]+/gu) ?? []
  return [...new Set(words)].slice(0, SEARCH_MAX_TERMS)
}

/**
 * Sanitised post, page or announcement HTML; markup that was nothing but unsafe parts counts as
 * no content.
 */
export function requireContentHtml(
  html: string,
  limit: { max: number; message: string } = CONTENT_LIMITS.body,
): string {
  const clean = sanitizeContentHtml(html, limit)
  if (!htmlToText(clean) && !/<(img|iframe|hr)\b/i.test(clean)) {
    throw new ValidationError(CONTENT_MESSAGES.contentRequired, {
      details: { content: [CONTENT_MESSAGES.contentRequired] },
    })
  }
  return clean
}
