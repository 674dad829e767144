import type { Role } from './common-constants.ts'

/**
 * The site's own addresses, declared once. app/routes.ts makes a route of each page (its path
 * and module come from here), the page cache keeps the ones with `cache`, the sitemap lists the
 * `sitemap` ones, robots.txt keeps crawlers out of the `private` ones, and a content page at
 * /{slug} may not take any first segment used here.
 */
export type PathIndexing =
  /** Listed in the sitemap. */
  | 'sitemap'
  /** Guarded or personal: robots.txt disallows it (or a prefix of it). */
  | 'private'
  /** Reachable, neither listed nor disallowed. */
  | 'unlisted'

/**
 * What public content a page shows, announced when it changes (server/shared/content-events.ts):
 * the visitor page cache drops the pages that show a changed topic.
 */
export const CONTENT_TOPICS = ['posts', 'pages', 'faqs', 'videos', 'header-images'] as const
export type ContentTopic = (typeof CONTENT_TOPICS)[number]

const MINUTE = 60_000

/** How the visitor page cache keeps a page (server/http/page-cache.ts, ADR 009). */
export interface PageCaching {
  /** The content the page shows: a change to any of it drops the page ([] = only the build). */
  topics: readonly ContentTopic[]
  /**
   * The query parameters the page reads: they are part of the key, the rest (utm_*, fbclid …)
   * are not, so a visitor cannot multiply one page's copies with made-up parameters.
   */
  params?: readonly string[]
  /** Parameters whose presence means "not cached" (a search: every visitor asks something else). */
  uncachedWith?: readonly string[]
  /** For pages that also show time-dependent things (lives, relative dates). */
  maxAgeMs?: number
}

export interface SitePage {
  path: string
  /** The page's route module, below app/. */
  module: `routes/${string}.tsx`
  indexing: PathIndexing
  /** The role the page requires; app/routes.ts puts it in that role's area layout. */
  guard?: Role
  /** Kept for visitors by the page cache; a page without it is rendered for each request. */
  cache?: PageCaching
}

/** Built-in pages whose content is in the build, not in the database or an upstream. */
const BUILT_IN: PageCaching = { topics: [] }

/** Every page with a fixed address: app/routes.ts routes each one to its module. */
export const SITE_PAGES = [
  {
    path: '/',
    module: 'routes/home.tsx',
    indexing: 'sitemap',
    cache: { topics: ['videos', 'header-images'], maxAgeMs: MINUTE },
  },
  {
    path: '/blog',
    module: 'routes/blog.tsx',
    indexing: 'sitemap',
    cache: { topics: ['posts'], params: ['page', 'filter'], uncachedWith: ['search'] },
  },
  { path: '/faqs', module: 'routes/faqs.tsx', indexing: 'sitemap', cache: { topics: ['faqs'] } },
  { path: '/about', module: 'routes/about.tsx', indexing: 'sitemap', cache: BUILT_IN },
  { path: '/contact', module: 'routes/contact.tsx', indexing: 'sitemap' },
  { path: '/photos', module: 'routes/photos.tsx', indexing: 'sitemap' },
  {
    path: '/videos',
    module: 'routes/videos.tsx',
    indexing: 'sitemap',
    cache: { topics: ['videos'], params: ['page'], maxAgeMs: MINUTE },
  },
  { path: '/music', module: 'routes/music.tsx', indexing: 'sitemap' },
  { path: '/merch', module: 'routes/merch.tsx', indexing: 'sitemap', cache: BUILT_IN },
  { path: '/terms', module: 'routes/terms.tsx', indexing: 'sitemap', cache: BUILT_IN },
  { path: '/privacy', module: 'routes/privacy.tsx', indexing: 'sitemap', cache: BUILT_IN },
  { path: '/kp-index', module: 'routes/kp-index.tsx', indexing: 'sitemap' },
  { path: '/moon-phase', module: 'routes/moon-phase.tsx', indexing: 'sitemap' },
  { path: '/tonight', module: 'routes/tonight.tsx', indexing: 'sitemap' },
  { path: '/astronomy-news', module: 'routes/astronomy-news.tsx', indexing: 'sitemap' },
  { path: '/sky-calendar', module: 'routes/sky-calendar.tsx', indexing: 'sitemap' },
  { path: '/sky-calendar.ics', module: 'routes/sky-calendar-ics.tsx', indexing: 'unlisted' },
  {
    path: '/telescope-guide',
    module: 'routes/telescope-guide.tsx',
    indexing: 'sitemap',
    cache: BUILT_IN,
  },
  { path: '/login', module: 'routes/login.tsx', indexing: 'private' },
  { path: '/admin', module: 'routes/admin.tsx', indexing: 'private', guard: 'admin' },
  { path: '/admin/login', module: 'routes/admin-login.tsx', indexing: 'private' },
  { path: '/members', module: 'routes/members.tsx', indexing: 'private' },
  {
    path: '/members/profile',
    module: 'routes/members-profile.tsx',
    indexing: 'private',
    guard: 'user',
  },
  { path: '/profile', module: 'routes/profile.tsx', indexing: 'private', guard: 'user' },
  { path: '/editor', module: 'routes/editor.tsx', indexing: 'private', guard: 'admin' },
  { path: '/invoice-test', module: 'routes/invoice-test.tsx', indexing: 'private' },
  { path: '/discord-invite', module: 'routes/discord-invite.tsx', indexing: 'private' },
  { path: '/resources', module: 'routes/resources.tsx', indexing: 'private' },
  { path: '/announcements', module: 'routes/announcements.tsx', indexing: 'private' },
  // The newsletter's signed links land here: personal, so neither cached nor crawled.
  { path: '/email/preferences', module: 'routes/email-preferences.tsx', indexing: 'private' },
  { path: '/email/confirmed', module: 'routes/email-confirmed.tsx', indexing: 'private' },
  { path: '/email/link', module: 'routes/email-link.tsx', indexing: 'private' },
] as const satisfies readonly SitePage[]

/** A page whose address carries the slug of a post or a content page. */
export interface SlugPage {
  /** With `:slug` where the slug goes. */
  path: `/${string}:slug`
  module: `routes/${string}.tsx`
  /** What the slug may be (a regular expression's source), for the page cache's rule. */
  slug: string
  cache: PageCaching
  /** The slug may not be one of the site's own first segments (RESERVED_PAGE_SLUGS). */
  notReserved?: true
}

/**
 * The addresses with a slug, after every fixed page (app/routes.ts routes them in this order): a
 * post at /blog/{slug}, and a published content page at /{slug}, which the site's own pages
 * always win over. The page cache keeps both with their topics.
 */
export const SLUG_PAGES = [
  {
    path: '/blog/:slug',
    module: 'routes/blog-post.tsx',
    slug: '[^/]+',
    cache: { topics: ['posts'] },
  },
  {
    path: '/:slug',
    module: 'routes/content-page.tsx',
    slug: '[a-z0-9][a-z0-9-]*',
    cache: { topics: ['pages'] },
    notReserved: true,
  },
] as const satisfies readonly SlugPage[]

/**
 * First path segments the server answers (or keeps) outside the pages above: APIs, files, feeds,
 * sign-in and the slugs a feed reader or crawler may guess.
 */
export const SERVER_PATH_SEGMENTS = [
  'radio',
  'logout',
  'oauth',
  'api',
  'uploads',
  'assets',
  'images',
  'healthz',
  'ads-txt',
  'rss',
  'rss-xml',
  'sitemap',
  'sitemap-xml',
  'robots-txt',
  'favicon',
  'search',
  'feed',
] as const

/** The pages search engines are offered. */
export const SITEMAP_PATHS: readonly string[] = SITE_PAGES.filter(
  (p) => p.indexing === 'sitemap',
).map((p) => p.path)

/** robots.txt's Disallow lines: the API, the sign-in callbacks and each private page's first segment. */
export const ROBOTS_DISALLOW: readonly string[] = [
  '/_api/',
  ...new Set(
    SITE_PAGES.filter((p) => p.indexing === 'private').map((p) => `/${p.path.split('/')[1]}`),
  ),
  '/oauth/',
]

/** Slugs a content page at /{slug} may not take: it would hide one of the site's own addresses. */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  ...SITE_PAGES.map((p) => p.path.split('/')[1]!).filter(Boolean),
  ...SERVER_PATH_SEGMENTS,
])
