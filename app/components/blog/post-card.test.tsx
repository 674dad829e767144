import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { BlogPostCard, PostVisibility } from '../../../contracts/blog-constants.ts'
import { PostCard, starfield } from './post-card.tsx'

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

describe('PostCard', () => {
  const card = (visibility: PostVisibility): BlogPostCard => ({
    id: 'p1',
    title: 'Saturn edge-on',
    slug: 'saturn-edge-on',
    status: 'published',
    excerpt: 'The rings vanish.',
    featuredImageUrl: null,
    tags: ['planets'],
    publishedAt: '2026-11-21T20:00:00.000Z',
    publicAt: visibility === 'early-access' ? '2026-12-01T20:00:00.000Z' : null,
    createdAt: '2026-11-21T20:00:00.000Z',
    updatedAt: '2026-11-21T20:00:00.000Z',
    visibility,
  })
  const render = (visibility: PostVisibility) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <PostCard post={card(visibility)} headingLevel={3} />
      </MemoryRouter>,
    )

  // Related posts and the blog list show the same card.
  it('wears the lock badge of a protected post, and none on a public one', () => {
    expect(render('members')).toContain('<span class="lock-badge">Members</span>')
    expect(render('early-access')).toContain('<span class="lock-badge">Early access</span>')
    expect(render('public')).not.toContain('lock-badge')
  })
})
