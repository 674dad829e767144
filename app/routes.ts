import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'
import type { Role } from '../contracts/common-constants.ts'
import { SITE_PAGES, SLUG_PAGES } from '../contracts/site-paths.ts'

type SitePageEntry = (typeof SITE_PAGES)[number]

/** The area layout whose loader checks a role once for all the pages that require it. */
const AREAS: Record<Role, string> = {
  admin: 'routes/admin-area.tsx',
  user: 'routes/member-area.tsx',
}

const guardOf = (page: SitePageEntry): Role | undefined =>
  'guard' in page ? page.guard : undefined

const routeOf = (page: SitePageEntry) =>
  page.path === '/' ? index(page.module) : route(page.path.slice(1), page.module)

/**
 * The spec's full route table. Every page with a fixed address, its path and its module, comes
 * from SITE_PAGES (contracts/site-paths.ts); a guarded page sits in its role's area layout. The
 * addresses with a slug follow, from SLUG_PAGES; only the Not Found catch-all is written here.
 */
export default [
  ...SITE_PAGES.filter((page) => !guardOf(page)).map(routeOf),
  ...Object.entries(AREAS).map(([role, file]) =>
    layout(file, SITE_PAGES.filter((page) => guardOf(page) === role).map(routeOf)),
  ),
  ...SLUG_PAGES.map((page) => route(page.path.slice(1), page.module)),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
