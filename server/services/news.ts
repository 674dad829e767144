import type { NewsItem } from '../../contracts/sky.ts'
import type { FeedItem } from '../integrations/news-feeds.ts'

export const NEWS_MAX_ITEMS = 40

const TRACKING_PARAMS = /^(utm_\w+|fbclid|gclid|mc_cid|mc_eid|ref|rss)$/i

/** The same story reached through two feeds, or with tracking parameters, has one link. */
export function normalizeLink(link: string): string {
  try {
    const url = new URL(link)
    url.hash = ''
    url.protocol = 'https:'
    url.hostname = url.hostname.toLowerCase().replace(/^www\./, '')
    for (const key of [...url.searchParams.keys()])
      if (TRACKING_PARAMS.test(key)) url.searchParams.delete(key)
    url.pathname = url.pathname.replace(/\/+$/, '') || '/'
    return url.toString()
  } catch {
    return link
  }
}

/**
 * Every feed's items in one list: newest first, each story once (recognised by its guid or its
 * link), at most `limit`.
 */
export function mergeNews(feeds: FeedItem[][], limit = NEWS_MAX_ITEMS): NewsItem[] {
  const all = feeds
    .flat()
    .sort(
      (a, b) => b.publishedDate.localeCompare(a.publishedDate) || a.title.localeCompare(b.title),
    )
  const seen = new Set<string>()
  const out: NewsItem[] = []
  for (const { key, ...item } of all) {
    const keys = [`guid:${key}`, `link:${normalizeLink(item.link)}`]
    if (keys.some((k) => seen.has(k))) continue
    for (const k of keys) seen.add(k)
    out.push(item)
    if (out.length >= limit) break
  }
  return out
}
