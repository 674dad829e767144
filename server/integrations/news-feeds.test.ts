import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseFeed } from './news-feeds.ts'

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fakes/fixtures/sky/${name}`, import.meta.url), 'utf8')

describe('parseFeed: RSS 2.0', () => {
  it('reads NASA (WordPress): entities decoded, image from content:encoded, guid kept', () => {
    const items = parseFeed(fixture('news-nasa.xml'), 'https://www.nasa.gov/news-release/feed/')
    expect(items).toHaveLength(5)
    expect(items[0]).toEqual({
      key: 'https://www.nasa.gov/?post_type=press-release&p=1187342',
      source: 'NASA',
      title: 'NASA’s Roman Space Telescope Completes Final Pre-Launch Tests',
      description:
        'NASA’s Nancy Grace Roman Space Telescope has finished its final round of environmental testing and is being prepared for shipment to the launch site.',
      link: 'https://www.nasa.gov/news-release/nasas-roman-space-telescope-completes-final-pre-launch-tests/',
      publishedDate: '2026-06-18T19:30:00.000Z',
      imageUrl: 'https://www.nasa.gov/wp-content/uploads/2026/06/roman-final-tests.jpg?w=1024',
    })
    expect(items[1]).not.toHaveProperty('imageUrl')
  })

  it('reads Sky & Telescope without the "appeared first on" boilerplate', () => {
    const items = parseFeed(fixture('news-skytel.xml'), 'https://skyandtelescope.org/feed/')
    expect(items[0]?.source).toBe('Sky & Telescope')
    expect(items[0]?.title).toBe('This Week’s Sky at a Glance, June 19 – 27')
    expect(items[0]?.description).toBe(
      'The waxing Moon passes Spica and Antares, and the summer solstice arrives on June 21st.',
    )
    expect(items.every((i) => !i.description.includes('appeared first on'))).toBe(true)
  })

  it('reads Space.com: CDATA trimmed, media:content image', () => {
    const items = parseFeed(fixture('news-spacecom.xml'), 'https://www.space.com/feeds/all')
    expect(items[0]).toMatchObject({
      source: 'Space.com',
      title: 'Northern lights may reach the northern US on June 19 as a CME heads for Earth',
      imageUrl: 'https://cdn.mos.cms.futurecdn.net/Qw7cR2mXkT9pLs4VbN8hZa-1280-80.jpg',
      key: 'Qw7cR2mXkT9pLs4VbN8hZa',
    })
  })

  it('names an unknown source by its channel title', () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>EarthSky</title>
      <item><title>Meteor shower tonight</title><link>https://earthsky.org/meteors</link>
      <pubDate>Thu, 18 Jun 2026 10:00:00 GMT</pubDate></item></channel></rss>`
    expect(parseFeed(xml, 'https://earthsky.org/feed/')[0]?.source).toBe('EarthSky')
  })

  it('keeps at most 10 items, newest first', () => {
    const items = Array.from(
      { length: 14 },
      (_, i) =>
        `<item><title>Story ${i}</title><link>https://example.org/${i}</link><pubDate>${new Date(Date.UTC(2026, 5, 1 + i)).toUTCString()}</pubDate></item>`,
    ).join('')
    const parsed = parseFeed(
      `<rss version="2.0"><channel><title>X</title>${items}</channel></rss>`,
      'https://example.org/feed',
    )
    expect(parsed.map((p) => p.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Story ${13 - i}`),
    )
  })

  it('reads an empty channel as no news', () => {
    expect(
      parseFeed(
        '<rss version="2.0"><channel><title>Down</title></channel></rss>',
        'https://x.org/f',
      ),
    ).toEqual([])
  })
})

describe('parseFeed: Atom', () => {
  const items = parseFeed(fixture('news-atom.xml'), 'https://www.eso.org/public/news/feed/atom/')

  it('reads entries, HTML titles and summaries as plain text, enclosure and content images', () => {
    expect(items[0]).toEqual({
      key: 'tag:eso.org,2026:eso2611',
      source: 'ESO',
      title: 'ESO’s telescope captures a stellar nursery in Carina',
      description: 'A new image from the Very Large Telescope reveals young stars & glowing gas.',
      link: 'https://www.eso.org/public/news/eso2611/',
      publishedDate: '2026-06-18T12:00:00.000Z',
      imageUrl: 'https://cdn.eso.org/images/screen/eso2611a.jpg',
    })
    const winds = items.find((i) => i.key === 'tag:eso.org,2026:eso2610')
    expect(winds).toMatchObject({
      publishedDate: '2026-06-16T07:15:00.000Z',
      description: 'Using the ESPRESSO instrument, a team measured winds of 20 km/s.',
      imageUrl: 'https://cdn.eso.org/images/screen/eso2610a.jpg',
    })
  })

  it('leaves out entries without a date or with a non-http link', () => {
    expect(items.map((i) => i.title)).not.toContain('An entry without a date is left out')
    expect(items.map((i) => i.title)).not.toContain('A script link is never shown')
    expect(items.every((i) => i.link.startsWith('https://'))).toBe(true)
  })

  it('names a story by where its link points', () => {
    expect(items.find((i) => i.key === 'tag:eso.org,2026:mirror-psyche')?.source).toBe('NASA')
  })
})

describe('parseFeed refuses what is not a feed', () => {
  it.each([
    ['malformed XML', '<rss><channel><title>Broken & unescaped</title><item>'],
    ['an HTML page', '<html><body><h1>503</h1></body></html>'],
    ['JSON', '{"items": []}'],
  ])('%s', (_what, text) => {
    expect(() => parseFeed(text, 'https://x.org/feed')).toThrow()
  })
})
