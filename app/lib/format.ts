import { EXCERPT_FALLBACK_LENGTH } from '../../contracts/blog-constants.ts'
import { dateFormatter } from './date-format.ts'
import { memoize } from './memo.ts'

/** "Mar 6, 2026" — publication dates are calendar days, shown in UTC so server and browser agree. */
export function formatShortDate(iso: string, timeZone: string | undefined = 'UTC'): string {
  return formatDate(`short|${timeZone ?? ''}|${iso}`)
}

/** "March 6, 2026" */
export function formatLongDate(iso: string, timeZone: string | undefined = 'UTC'): string {
  return formatDate(`long|${timeZone ?? ''}|${iso}`)
}

/** The same posts' dates appear on every page that lists them: each is formatted once. */
const formatDate = memoize((key) => {
  const [month, timeZone, iso] = key.split('|') as ['short' | 'long', string, string]
  return dateFormatter('en-US', {
    month,
    day: 'numeric',
    year: 'numeric',
    timeZone: timeZone || undefined,
  }).format(new Date(iso))
}, 5000)

/** The text of some HTML, in the browser and on the server alike (no DOM needed). */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|tr|figcaption|div)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The card's excerpt: the post's own, else the first 150 characters of its text and an ellipsis. */
export function cardExcerpt(post: { excerpt: string | null; content: string }): string {
  if (post.excerpt?.trim()) return post.excerpt.trim()
  const text = leadingText(post.content, EXCERPT_FALLBACK_LENGTH)
  return text.length > EXCERPT_FALLBACK_LENGTH
    ? `${text.slice(0, EXCERPT_FALLBACK_LENGTH).trimEnd()}...`
    : text
}

/**
 * At least the first `length` characters of the text of some HTML (all of it if shorter),
 * converting a growing run of whole tags from the start instead of the whole article.
 */
export function leadingText(html: string, length: number): string {
  for (let size = 1024; ; size *= 4) {
    // Cut just after a tag's end, so no tag or entity is split; the text near the cut may end
    // in a partial word, so more than `length` characters must come before it.
    const cut = size >= html.length ? html.length : html.lastIndexOf('>', size) + 1
    const text = textOfHtml(html.slice(0, cut))
    if (cut === html.length || text.length > length + 64) return text
  }
}

/** A post as a card needs it: the excerpt (or its fallback) instead of the whole article. */
export function toCard<T extends { excerpt: string | null; content: string }>(post: T): T {
  return { ...post, excerpt: cardExcerpt(post), content: '' }
}
