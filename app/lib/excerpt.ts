/**
 * A post's card text: its excerpt, or the start of its text. Loaders work it out on the server,
 * so a page's first load does not carry the HTML-to-text code; /blog imports this module only
 * when it fetches another page of posts from the API (ADR 010).
 */
import { htmlToText } from '../../contracts/html-text.ts'
import { EXCERPT_FALLBACK_LENGTH } from '../../contracts/blog-constants.ts'

/** The text of some HTML, in the browser and on the server alike: contracts/html-text.ts. */
export const textOfHtml = htmlToText

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
