import { describe, expect, it } from 'vitest'
import { formatDuration, thumbnailSrcSet } from './video-card.tsx'

describe('thumbnailSrcSet', () => {
  it('offers the 320-pixel thumbnail beside the large one the sync stored', () => {
    expect(
      thumbnailSrcSet({
        youtubeId: 'pR7sW2kQx9A',
        thumbnailUrl: 'https://i.ytimg.com/vi/pR7sW2kQx9A/maxresdefault.jpg',
      }),
    ).toBe(
      'https://i.ytimg.com/vi/pR7sW2kQx9A/mqdefault.jpg 320w, https://i.ytimg.com/vi/pR7sW2kQx9A/maxresdefault.jpg 1280w',
    )
    expect(
      thumbnailSrcSet({ youtubeId: 'a', thumbnailUrl: 'https://i.ytimg.com/vi/a/hqdefault.jpg' }),
    ).toContain('hqdefault.jpg 480w')
  })
  it('leaves other hosts, small thumbnails and missing ones alone', () => {
    expect(thumbnailSrcSet({ youtubeId: 'a', thumbnailUrl: 'https://example.com/a.jpg' })).toBe(
      undefined,
    )
    expect(
      thumbnailSrcSet({ youtubeId: 'a', thumbnailUrl: 'https://i.ytimg.com/vi/a/mqdefault.jpg' }),
    ).toBe(undefined)
    expect(thumbnailSrcSet({ youtubeId: 'a', thumbnailUrl: null })).toBe(undefined)
  })
})

describe('formatDuration', () => {
  it.each([
    ['PT1H2M3S', '1:02:03'],
    ['PT5M', '5:00'],
    ['PT45S', '0:45'],
    ['P0D', null],
    [null, null],
  ])('%s → %s', (iso, text) => {
    expect(formatDuration(iso)).toBe(text)
  })
})
