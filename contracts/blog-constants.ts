import type { CONTENT_STATUSES } from './common-constants.ts'

/** The blog's constants, messages and response types, without schemas (plain pages import these). */
export const BLOG_PAGE_SIZE = 9
export const BLOG_API_DEFAULT_LIMIT = 10
export const LIST_LIMIT_MAX = 100
export const EXCERPT_FALLBACK_LENGTH = 150
export const CARD_TAG_COUNT = 3
export const RELATED_FETCH_COUNT = 4
export const RELATED_SHOWN_COUNT = 3
export const SEARCH_DEBOUNCE_MS = 500
export const SEARCH_MAX_LENGTH = 200

/**
 * How deeply post, page and FAQ markup may nest. The editor's nested lists and quotes stay within a
 * dozen levels; each level costs the HTML parser more than the one before (80,000 nested `<div>`s
 * took 13 s of the server's one thread).
 */
export const CONTENT_MAX_DEPTH = 200

/**
 * The longest post or page body, and the longest FAQ answer, in characters (as stored, after
 * sanitising). A server render holds a body several times over while it works; with these bounds
 * many renders at once stay small next to the heap, and the longest real articles are far shorter
 * (docs/product-decisions.md).
 */
export const CONTENT_MAX_LENGTH = 300_000
export const FAQ_CONTENT_MAX_LENGTH = 10_000

/** FAQs and pages lists: one page by default holds this many, and never more. */
export const FAQS_DEFAULT_LIMIT = 100
export const PAGES_DEFAULT_LIMIT = 100

/**
 * Who reads a post's body: everyone; signed-in members only; or members at once and everyone from
 * `publicAt` on. Visitors always see a protected post's title, date, tags, image and the author's
 * own excerpt.
 */
export const POST_VISIBILITIES = ['public', 'members', 'early-access'] as const
export type PostVisibility = (typeof POST_VISIBILITIES)[number]

/** The blog list's `filter`: the early-access posts still before their `publicAt`, or the members-only ones. */
export const BLOG_LIST_FILTERS = ['early-access', 'members'] as const
export type BlogListFilter = (typeof BLOG_LIST_FILTERS)[number]

/** What a protected post's teaser and the cards' lock badges say. */
export const MEMBER_POST_TEXT = {
  forMembers: 'This post is for members',
  earlyAccess: (date: string) => `Members read this first. It opens to everyone on ${date}.`,
  badgeMembers: 'Members',
  badgeEarlyAccess: 'Early access',
} as const

export interface BlogPost {
  id: string
  title: string
  slug: string
  content: string
  status: (typeof CONTENT_STATUSES)[number]
  excerpt: string | null
  featuredImageUrl: string | null
  tags: string[]
  publishedAt: string | null
  visibility: PostVisibility
  /** When an early-access post opens to everyone (ISO UTC); null for any other visibility. */
  publicAt: string | null
  /**
   * "E-mail this post to subscribers": the newsletter mails it once when it becomes visible
   * (and an early-access post again to e-mail-only subscribers when it opens to everyone).
   */
  emailSubscribers: boolean
  createdAt: string
  updatedAt: string
}

/**
 * A post as `/blog/get` answers it: with its body, or, for a visitor while the post is protected,
 * without it and `locked: true`.
 */
export type BlogPostView =
  (BlogPost & { locked: false }) | (Omit<BlogPost, 'content'> & { locked: true })

/**
 * A post as lists show it (the blog, the admin table, related posts): everything but the body.
 * `excerpt` is the card's text, the author's excerpt or else the start of the body's text
 * (EXCERPT_FALLBACK_LENGTH characters and "..."), worked out when the post is written; for a
 * visitor of a protected post, the author's excerpt alone ('' without one).
 */
export type BlogPostCard = Omit<BlogPost, 'content' | 'excerpt' | 'emailSubscribers'> & {
  excerpt: string
}

export interface Pagination {
  page: number
  totalPages: number
  total: number
}

/** The FAQs and pages lists say how many they were asked for too. */
export interface ListPagination extends Pagination {
  limit: number
}

export interface BlogListResponse {
  posts: BlogPostCard[]
  pagination: Pagination
}
