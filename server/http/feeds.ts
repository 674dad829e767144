import type { Context, Hono } from 'hono'
import { ROBOTS_DISALLOW, SITEMAP_PATHS } from '../../contracts/site-paths.ts'
import type { Services } from '../services/index.ts'
import type { AppEnv } from './env.ts'
import { publicOrigin } from './origin.ts'

export const RSS_ITEM_COUNT = 20
const SITEMAP_MAX_URLS = 45_000

/** Characters XML 1.0 forbids outright (a single one makes the whole feed unreadable). */
const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

const ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
}

function xml(text: string): string {
  return text.replace(XML_FORBIDDEN, '').replace(/[<>&'"]/g, (c) => ENTITIES[c]!)
}

/**
 * RSS readers render <description> as HTML. The summary is plain text, so it is escaped as HTML
 * first and then as XML: text that shows `<img onerror=…>` stays text in every reader.
 */
function htmlText(text: string): string {
  return xml(text.replace(/[<>&'"]/g, (c) => ENTITIES[c]!))
}

function originOf(c: Context<AppEnv>, services: Services): string {
  return publicOrigin(services.config, c.req.url)
}

export function mountFeeds(app: Hono<AppEnv>, services: Services): void {
  app.get('/rss.xml', async (c) => {
    const origin = originOf(c, services)
    // Cards, not whole posts: the summary is the card's excerpt (the author's, or the first words).
    // Only posts everyone may read: a protected post joins the feed when it opens to everyone.
    const posts = await services.blog.listFeedCards(RSS_ITEM_COUNT)
    const items = posts
      .map((p) => {
        const link = `${origin}/blog/${encodeURIComponent(p.slug)}`
        return [
          '    <item>',
          `      <title>${xml(p.title)}</title>`,
          `      <link>${xml(link)}</link>`,
          `      <guid isPermaLink="true">${xml(link)}</guid>`,
          p.publishedAt ? `      <pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate>` : '',
          `      <description>${htmlText(p.excerpt)}</description>`,
          ...p.tags.map((t) => `      <category>${xml(t)}</category>`),
          '    </item>',
        ]
          .filter(Boolean)
          .join('\n')
      })
      .join('\n')
    const newest = posts[0]?.publishedAt
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`The Cosmic Log | ${services.config.siteName}`)}</title>
    <link>${xml(`${origin}/blog`)}</link>
    <description>${xml(services.config.siteDescription)}</description>
    <language>en</language>
    <atom:link href="${xml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml" />
${newest ? `    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>\n` : ''}${items}
  </channel>
</rss>
`
    c.header('Cache-Control', 'public, max-age=300')
    return c.body(body, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8' })
  })

  app.get('/sitemap.xml', async (c) => {
    const origin = originOf(c, services)
    const [posts, pages] = await Promise.all([
      services.blog.listPublishedLocations(SITEMAP_MAX_URLS),
      services.pages.list({ status: 'published' }, null),
    ])
    const urls = [
      // A site without a station has no radio page worth listing.
      ...SITEMAP_PATHS.filter((path) => path !== '/music' || services.radio.configured).map(
        (path) => ({
          loc: `${origin}${path}`,
          lastmod: undefined as string | undefined,
        }),
      ),
      ...posts.map((p) => ({
        loc: `${origin}/blog/${encodeURIComponent(p.slug)}`,
        lastmod: p.updatedAt,
      })),
      ...pages.map((p) => ({
        loc: `${origin}/${encodeURIComponent(p.slug)}`,
        lastmod: p.updatedAt,
      })),
    ]
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`
    c.header('Cache-Control', 'public, max-age=300')
    return c.body(body, 200, { 'Content-Type': 'application/xml; charset=utf-8' })
  })

  app.get('/robots.txt', (c) => {
    const origin = originOf(c, services)
    const lines = [
      'User-agent: *',
      ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ]
    c.header('Cache-Control', 'public, max-age=3600')
    return c.text(lines.join('\n'))
  })
}
