/**
 * Plain text out of HTML — posts, pages, FAQs and what news feeds put in titles and descriptions —
 * the same on the server and in the browser (no parser, no DOM). The result is used as text (a
 * search document, a summary, an excerpt), never as HTML.
 */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  deg: '°',
  times: '×',
  copy: '©',
  reg: '®',
  trade: '™',
  eacute: 'é',
  egrave: 'è',
  aacute: 'á',
  oacute: 'ó',
  iacute: 'í',
  uacute: 'ú',
  ntilde: 'ñ',
  ouml: 'ö',
  uuml: 'ü',
  auml: 'ä',
  ccedil: 'ç',
  shy: '',
  zwj: '',
  zwnj: '',
  thinsp: ' ',
  ensp: ' ',
  emsp: ' ',
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X'
          ? parseInt(body.slice(2), 16)
          : parseInt(body.slice(1), 10)
      return Number.isInteger(code) &&
        code > 0 &&
        code <= 0x10ffff &&
        (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : ''
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole
  })
}

const BLOCK_TAGS =
  /<\/?(p|div|br|li|ul|ol|dl|dd|dt|h[1-6]|figure|figcaption|blockquote|pre|section|article|tr|td|th|table)\b[^>]*>/gi

/**
 * The readable text of some HTML: tags, comments, scripts and styles removed, blocks kept apart
 * by a space, entities decoded, whitespace collapsed.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style|noscript|iframe)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(BLOCK_TAGS, ' ')
      .replace(/<\/?[a-z][^>]*>/gi, ''),
  )
    .replace(/\s+/g, ' ')
    .trim()
}

/** At most `max` characters, cut at a word boundary, with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`
}

/** The src of the first <img> in a fragment of HTML, if it is an absolute http(s) URL. */
export function firstImageSrc(html: string): string | null {
  const src = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]+)"|'([^']+)'|([^\s>]+))/i.exec(html)
  const raw = src ? decodeEntities(src[1] ?? src[2] ?? src[3] ?? '') : ''
  return /^https?:\/\//i.test(raw) ? raw : null
}
