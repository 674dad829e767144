import { EXCERPT_FALLBACK_LENGTH } from '../../contracts/blog.ts'
import { dateFormatter } from './date-format.ts'

/** "Mar 6, 2026" — publication dates are calendar days, shown in UTC so server and browser agree. */
export function formatShortDate(iso: string, timeZone: string | undefined = 'UTC'): string {
  return dateFormatter('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso))
}

/** "March 6, 2026" */
export function formatLongDate(iso: string, timeZone: string | undefined = 'UTC'): string {
  return dateFormatter('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso))
}

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
  const text = textOfHtml(post.content)
  return text.length > EXCERPT_FALLBACK_LENGTH
    ? `${text.slice(0, EXCERPT_FALLBACK_LENGTH).trimEnd()}...`
    : text
}

/** A post as a card needs it: the excerpt (or its fallback) instead of the whole article. */
export function toCard<T extends { excerpt: string | null; content: string }>(post: T): T {
  return { ...post, excerpt: cardExcerpt(post), content: '' }
}
