import { describe, expect, it } from 'vitest'
import type { FeedItem } from '../integrations/news-feeds.ts'
import { mergeNews, normalizeLink } from './news.ts'

const item = (over: Partial<FeedItem>): FeedItem => ({
  key: over.link ?? 'k',
  source: 'NASA',
  title: 'A story',
  description: '',
  link: 'https://www.nasa.gov/a/',
  publishedDate: '2026-06-18T10:00:00.000Z',
  ...over,
})

describe('mergeNews', () => {
  it('merges every feed newest first', () => {
    const merged = mergeNews([
      [
        item({ key: 'n1', link: 'https://nasa.gov/1', publishedDate: '2026-06-18T10:00:00Z' }),
        item({ key: 'n2', link: 'https://nasa.gov/2', publishedDate: '2026-06-16T10:00:00Z' }),
      ],
      [
        item({
          key: 's1',
          link: 'https://space.com/1',
          source: 'Space.com',
          publishedDate: '2026-06-17T10:00:00Z',
        }),
        item({
          key: 's2',
          link: 'https://space.com/2',
          source: 'Space.com',
          publishedDate: '2026-06-19T10:00:00Z',
        }),
      ],
    ])
    expect(merged.map((m) => m.link)).toEqual([
      'https://space.com/2',
      'https://nasa.gov/1',
      'https://space.com/1',
      'https://nasa.gov/2',
    ])
    expect(merged[0]).not.toHaveProperty('key')
  })

  it('drops duplicates by guid and by link (tracking parameters, www and trailing slash ignored)', () => {
    const merged = mergeNews([
      [
        item({
          key: 'guid-1',
          link: 'https://www.nasa.gov/psyche/',
          publishedDate: '2026-06-18T10:00:00Z',
        }),
      ],
      [
        item({
          key: 'other',
          link: 'https://nasa.gov/psyche?utm_source=rss#top',
          publishedDate: '2026-06-18T09:00:00Z',
        }),
        item({
          key: 'guid-1',
          link: 'https://mirror.example/psyche',
          publishedDate: '2026-06-17T09:00:00Z',
        }),
        item({
          key: 'unique',
          link: 'https://nasa.gov/other',
          publishedDate: '2026-06-15T09:00:00Z',
        }),
      ],
    ])
    expect(merged.map((m) => m.link)).toEqual([
      'https://www.nasa.gov/psyche/',
      'https://nasa.gov/other',
    ])
  })

  it('caps the list', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      item({
        key: `k${i}`,
        link: `https://x.org/${i}`,
        publishedDate: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
      }),
    )
    expect(mergeNews([many], 12)).toHaveLength(12)
  })
})

describe('normalizeLink', () => {
  it('ignores scheme, www, trailing slashes, fragments and tracking parameters', () => {
    expect(normalizeLink('http://WWW.Example.org/a/b/?utm_medium=rss&id=3#x')).toBe(
      'https://example.org/a/b?id=3',
    )
  })
})
