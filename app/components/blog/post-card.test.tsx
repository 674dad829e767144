import { describe, expect, it } from 'vitest'
import { starfield } from './post-card.tsx'

describe('starfield', () => {
  it('draws the same 28 stars for the same slug, in 5 brightness paths', () => {
    const a = starfield('understanding-the-kp-index')
    expect(starfield('understanding-the-kp-index')).toBe(a)
    expect(a.paths).toHaveLength(5)
    expect(a.paths.join('').match(/M/g)).toHaveLength(28)
    expect(a.hue).toBeGreaterThanOrEqual(0)
    expect(a.hue).toBeLessThan(60)
  })

  it('varies with the slug and writes short, valid numbers', () => {
    const a = starfield('first-light')
    const b = starfield('second-light')
    expect(a.paths).not.toEqual(b.paths)
    for (const d of [...a.paths, ...b.paths]) {
      expect(d).toMatch(
        /^(M-?\d+(\.\d)? \d+a[\d.]+ [\d.]+ 0 1 0 [\d.]+ 0a[\d.]+ [\d.]+ 0 1 0 -[\d.]+ 0)+$/,
      )
    }
  })
})
