/**
 * A post's card text: its excerpt, or the start of its text. Worked out on the server when a post
 * is written (kept beside it), so lists never read a body and the browser never converts one.
 */
import { htmlToText } from './html-text.ts'
import { EXCERPT_FALLBACK_LENGTH } from './blog-constants.ts'

/** The card's excerpt: the post's own, else the first 150 characters of its text and an ellipsis. */
export function cardExcerpt(post: { excerpt?: string | null; content: string }): string {
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
    const text = htmlToText(html.slice(0, cut))
    if (cut === html.length || text.length > length + 64) return text
  }
}
