import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { NewsItem } from '../../contracts/sky.ts'
import { decodeEntities, excerpt, firstImageSrc, htmlToText } from '../../contracts/html-text.ts'
import { type UpstreamCall, UpstreamError, fetchXml } from './upstream-fetch.ts'

/**
 * Astronomy news feeds, RSS 2.0 (also RSS 1.0) and Atom, read into the spec's news item. Each feed
 * is fetched and cached on its own, so one failing feed never hides the others.
 */
export const MAX_ITEMS_PER_FEED = 10
export const DESCRIPTION_MAX_CHARS = 300

/** Badge names for sources the site knows; any other feed is named by its title or host. */
export const KNOWN_NEWS_SOURCES = [
  { host: 'nasa.gov', name: 'NASA' },
  { host: 'skyandtelescope.org', name: 'Sky & Telescope' },
  { host: 'space.com', name: 'Space.com' },
  { host: 'esa.int', name: 'ESA' },
  { host: 'universetoday.com', name: 'Universe Today' },
  { host: 'eso.org', name: 'ESO' },
] as const

export interface FeedItem extends NewsItem {
  /** guid / Atom id, else the link: what duplicates are recognised by. */
  key: string
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return null
  }
}

export function knownSourceName(url: string): string | null {
  const host = hostOf(url)
  if (!host) return null
  return (
    KNOWN_NEWS_SOURCES.find((s) => host === s.host || host.endsWith(`.${s.host}`))?.name ?? null
  )
}

/** What a feed is called when it has nothing to show: its known name, else its host. */
export function feedSourceName(feedUrl: string): string {
  return knownSourceName(feedUrl) ?? hostOf(feedUrl) ?? feedUrl
}

const ARRAY_TAGS = new Set([
  'item',
  'entry',
  'link',
  'category',
  'enclosure',
  'media:content',
  'media:thumbnail',
])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAY_TAGS.has(name),
})

type Node = Record<string, unknown>

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function list(v: unknown): unknown[] {
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]
}

function textOf(v: unknown): string {
  const first = Array.isArray(v) ? v[0] : v
  if (typeof first === 'string') return first.trim()
  if (typeof first === 'number') return String(first)
  if (isNode(first)) return textOf(first['#text'])
  return ''
}

function attr(v: unknown, name: string): string {
  return isNode(v) && typeof v[`@_${name}`] === 'string' ? (v[`@_${name}`] as string).trim() : ''
}

function httpUrl(raw: string): string | null {
  const value = decodeEntities(raw.trim())
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null
  } catch {
    return null
  }
}

/** Images are shown on an https page: http ones are asked for over https. */
function imageUrl(raw: string): string | null {
  const url = httpUrl(raw)
  return url ? url.replace(/^http:/, 'https:') : null
}

function isImage(node: unknown): boolean {
  const type = attr(node, 'type')
  const medium = attr(node, 'medium')
  return medium === 'image' || type.startsWith('image/') || (!type && !medium)
}

/** media:content → media:thumbnail → image enclosure → first <img> in the content → in the description. */
function pickImage(item: Node, contentHtml: string, descriptionHtml: string): string | null {
  const group = isNode(item['media:group']) ? item['media:group'] : {}
  const candidates = [
    ...list(item['media:content'])
      .filter(isImage)
      .map((n) => attr(n, 'url')),
    ...list(group['media:content'])
      .filter(isImage)
      .map((n) => attr(n, 'url')),
    ...list(item['media:thumbnail']).map((n) => attr(n, 'url')),
    ...list(group['media:thumbnail']).map((n) => attr(n, 'url')),
    ...list(item.enclosure)
      .filter((n) => attr(n, 'type').startsWith('image/'))
      .map((n) => attr(n, 'url')),
    ...list(item.link)
      .filter((n) => attr(n, 'rel') === 'enclosure' && attr(n, 'type').startsWith('image/'))
      .map((n) => attr(n, 'href')),
    firstImageSrc(contentHtml) ?? '',
    firstImageSrc(descriptionHtml) ?? '',
  ]
  for (const raw of candidates) {
    const url = raw ? imageUrl(raw) : null
    if (url) return url
  }
  return null
}

function linkOf(item: Node): string | null {
  const links = list(item.link)
  for (const l of links) {
    if (typeof l === 'string') {
      const url = httpUrl(l)
      if (url) return url
    }
  }
  const atom =
    links.find((l) => isNode(l) && (attr(l, 'rel') === '' || attr(l, 'rel') === 'alternate')) ??
    links.find(isNode)
  const href = atom ? httpUrl(attr(atom, 'href')) : null
  if (href) return href
  const guid = item.guid
  return isNode(guid) && attr(guid, 'isPermaLink') === 'false' ? null : httpUrl(textOf(guid))
}

// WordPress (Yoast) descriptions end with "The post X appeared first on Y." — not part of the story.
function withoutBoilerplate(text: string): string {
  return text.replace(/\s*The post\b[\s\S]*?\bappeared first on\b[\s\S]*$/, '').trim()
}

function toNewsItem(
  item: Node,
  channelTitle: string,
  feedUrl: string,
  feedName: string | null,
): FeedItem | null {
  const title = htmlToText(textOf(item.title))
  const link = linkOf(item)
  const dateText =
    textOf(item.pubDate) ||
    textOf(item.published) ||
    textOf(item.updated) ||
    textOf(item['dc:date'])
  const published = dateText ? Date.parse(dateText) : NaN
  if (!title || !link || Number.isNaN(published)) return null

  const descriptionHtml = textOf(item.description) || textOf(item.summary)
  const contentHtml = textOf(item['content:encoded']) || textOf(item.content)
  const description = excerpt(
    withoutBoilerplate(htmlToText(descriptionHtml || contentHtml)),
    DESCRIPTION_MAX_CHARS,
  )
  const source =
    knownSourceName(link) ??
    feedName ??
    knownSourceName(feedUrl) ??
    (channelTitle ? excerpt(htmlToText(channelTitle), 40) : null) ??
    feedSourceName(feedUrl)
  const image = pickImage(item, contentHtml, descriptionHtml)
  return {
    key: decodeEntities(textOf(item.guid) || textOf(item.id)) || link,
    source,
    title,
    description,
    link,
    publishedDate: new Date(published).toISOString(),
    ...(image ? { imageUrl: image } : {}),
  }
}

/** RSS 2.0, RSS 1.0 (RDF) or Atom text into items, newest first, at most 10. */
export function parseFeed(
  xml: string,
  feedUrl: string,
  feedName: string | null = null,
): FeedItem[] {
  if (XMLValidator.validate(xml) !== true) throw new UpstreamError('answered malformed XML')
  const doc: unknown = parser.parse(xml)
  if (!isNode(doc)) throw new UpstreamError('answered an empty document')
  let channelTitle = ''
  let items: unknown[]
  if (isNode(doc.rss) && isNode(doc.rss.channel)) {
    channelTitle = textOf(doc.rss.channel.title)
    items = list(doc.rss.channel.item)
  } else if (isNode(doc.feed)) {
    channelTitle = textOf(doc.feed.title)
    items = list(doc.feed.entry)
  } else if (isNode(doc['rdf:RDF'])) {
    const rdf = doc['rdf:RDF']
    channelTitle = isNode(rdf.channel) ? textOf(rdf.channel.title) : ''
    items = list(rdf.item)
  } else if (isNode(doc.rss) && doc.rss.channel === '') {
    // An empty <channel/> during site maintenance: a valid feed with no news.
    return []
  } else {
    throw new UpstreamError('not an RSS or Atom feed')
  }
  return items
    .filter(isNode)
    .map((item) => toNewsItem(item, channelTitle, feedUrl, feedName))
    .filter((item): item is FeedItem => item !== null)
    .sort((a, b) => b.publishedDate.localeCompare(a.publishedDate))
    .slice(0, MAX_ITEMS_PER_FEED)
}

export async function getFeedItems(
  feedUrl: string,
  call: UpstreamCall,
  feedName: string | null = null,
): Promise<FeedItem[]> {
  return parseFeed(await fetchXml(feedUrl, call), feedUrl, feedName)
}
