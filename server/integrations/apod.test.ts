import { describe, expect, it } from 'vitest'
import { apodRangeUrl, apodToday, parseApodRange } from './apod.ts'

const PAGE = 'https://apod.nasa.gov/apod'

describe('apodToday follows the US Eastern day', () => {
  it.each([
    ['2026-06-19T03:59:00Z', '2026-06-18'],
    ['2026-06-19T04:00:00Z', '2026-06-19'],
    ['2026-11-22T04:59:00Z', '2026-11-21'],
    ['2026-11-22T05:00:00Z', '2026-11-22'],
  ])('%s → %s', (now, day) => {
    expect(apodToday(new Date(now))).toBe(day)
  })
})

it('asks for one date range ending today, with video thumbnails', () => {
  const url = new URL(
    apodRangeUrl(
      { baseUrl: 'https://api.nasa.gov', apiKey: 'KEY', pageUrl: PAGE },
      new Date('2026-06-18T21:00:00Z'),
    ),
  )
  expect(url.pathname).toBe('/planetary/apod')
  expect(Object.fromEntries(url.searchParams)).toEqual({
    api_key: 'KEY',
    start_date: '2026-06-03',
    end_date: '2026-06-18',
    thumbs: 'true',
  })
})

describe('parseApodRange', () => {
  const image = {
    date: '2026-06-16',
    title: "Titan's Shadow on Saturn",
    explanation: ' Saturn. ',
    media_type: 'image',
    url: 'http://apod.nasa.gov/apod/image/2606/Saturn_1024.jpg',
    hdurl: 'https://apod.nasa.gov/apod/image/2606/Saturn_2400.jpg',
    copyright: '\nKenji\n  Watanabe\n',
  }
  const video = {
    date: '2026-06-17',
    title: 'A Sungrazer Emerges',
    explanation: 'Comet.',
    media_type: 'video',
    url: 'https://www.youtube.com/embed/Xq9Rk3vT1bA?rel=0',
    thumbnail_url: 'https://img.youtube.com/vi/Xq9Rk3vT1bA/0.jpg',
  }
  const other = { date: '2026-06-18', title: 'Interactive', explanation: '', media_type: 'other' }

  it('maps entries to space pictures, newest first, skipping days without a picture', () => {
    expect(parseApodRange([image, video, other], PAGE)).toEqual([
      {
        title: 'A Sungrazer Emerges',
        imageUrl: 'https://img.youtube.com/vi/Xq9Rk3vT1bA/0.jpg',
        link: 'https://apod.nasa.gov/apod/ap260617.html',
        publishedDate: '2026-06-17',
        description: 'Comet.',
      },
      {
        title: "Titan's Shadow on Saturn",
        imageUrl: 'https://apod.nasa.gov/apod/image/2606/Saturn_1024.jpg',
        link: 'https://apod.nasa.gov/apod/ap260616.html',
        publishedDate: '2026-06-16',
        description: 'Saturn.',
        copyright: 'Kenji Watanabe',
      },
    ])
  })

  it('derives a YouTube thumbnail when a video has none', () => {
    const { thumbnail_url: _none, ...bare } = video
    expect(parseApodRange([bare], PAGE)[0]?.imageUrl).toBe(
      'https://img.youtube.com/vi/Xq9Rk3vT1bA/0.jpg',
    )
  })

  it('keeps the 12 newest days', () => {
    const days = Array.from({ length: 16 }, (_, i) => ({
      ...image,
      date: `2026-06-${String(i + 1).padStart(2, '0')}`,
    }))
    const items = parseApodRange(days, PAGE)
    expect(items).toHaveLength(12)
    expect(items[0]?.publishedDate).toBe('2026-06-16')
    expect(items[11]?.publishedDate).toBe('2026-06-05')
  })

  it('answers an empty range with no pictures', () => {
    expect(parseApodRange([], PAGE)).toEqual([])
  })

  it.each([
    ['an error object', { code: 400, msg: 'Date must be between Jun 16, 1995 and Jun 18, 2026.' }],
    ['entries that do not validate', [{ foo: 1 }, { date: 'x', title: '' }]],
  ])('throws on %s', (_what, data) => {
    expect(() => parseApodRange(data, PAGE)).toThrow()
  })
})
