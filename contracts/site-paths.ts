import type { Role } from './common-constants.ts'

/**
 * The site's own addresses, declared once. app/routes.ts routes exactly these pages (a unit test
 * compares them), the sitemap lists the `sitemap` ones, robots.txt keeps crawlers out of the
 * `private` ones, and a content page at /{slug} may not take any first segment used here.
 */
export type PathIndexing =
  /** Listed in the sitemap. */
  | 'sitemap'
  /** Guarded or personal: robots.txt disallows it (or a prefix of it). */
  | 'private'
  /** Reachable, neither listed nor disallowed. */
  | 'unlisted'

export interface SitePage {
  path: string
  indexing: PathIndexing
  /** The role the page requires; app/routes.ts puts it in that role's area layout. */
  guard?: Role
}

/** Every page with a fixed address (app/routes.ts routes exactly these). */
export const SITE_PAGES = [
  { path: '/', indexing: 'sitemap' },
  { path: '/blog', indexing: 'sitemap' },
  { path: '/faqs', indexing: 'sitemap' },
  { path: '/about', indexing: 'sitemap' },
  { path: '/contact', indexing: 'sitemap' },
  { path: '/photos', indexing: 'sitemap' },
  { path: '/videos', indexing: 'sitemap' },
  { path: '/music', indexing: 'sitemap' },
  { path: '/merch', indexing: 'sitemap' },
  { path: '/terms', indexing: 'sitemap' },
  { path: '/privacy', indexing: 'sitemap' },
  { path: '/kp-index', indexing: 'sitemap' },
  { path: '/moon-phase', indexing: 'sitemap' },
  { path: '/astronomy-news', indexing: 'sitemap' },
  { path: '/telescope-guide', indexing: 'sitemap' },
  { path: '/login', indexing: 'private' },
  { path: '/admin', indexing: 'private', guard: 'admin' },
  { path: '/admin/login', indexing: 'private' },
  { path: '/members', indexing: 'private' },
  { path: '/members/profile', indexing: 'private', guard: 'user' },
  { path: '/profile', indexing: 'private', guard: 'user' },
  { path: '/editor', indexing: 'private', guard: 'admin' },
  { path: '/invoice-test', indexing: 'private' },
  { path: '/discord-invite', indexing: 'unlisted' },
  { path: '/resources', indexing: 'unlisted' },
  { path: '/announcements', indexing: 'unlisted' },
] as const satisfies readonly SitePage[]

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
