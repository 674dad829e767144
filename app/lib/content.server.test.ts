import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { BlogPostCard, BlogPostView } from '../../contracts/blog-constants.ts'
import type { AppContext } from '../../server/http/app-context.ts'
import { appContext } from './app-context.ts'
import { loadPost } from './content.server.ts'

function card(n: number): BlogPostCard {
  return {
    id: `p${n}`,
    title: `Post ${n}`,
    slug: `post-${n}`,
    status: 'published',
    excerpt: `Part ${n}`,
    featuredImageUrl: null,
    tags: [],
    publishedAt: '2026-11-01T00:00:00.000Z',
    visibility: 'public',
    publicAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  }
}

/** A load context whose newest posts' cards are `latest`. */
function contextWith(latest: BlogPostCard[]) {
  const context = new RouterContextProvider()
  const services = {
    blog: {
      find: async ({ slug }: { slug: string }): Promise<BlogPostView> => ({
        ...card(Number(slug.split('-')[1])),
        excerpt: null,
        content: '<p>Body</p>',
        emailSubscribers: false,
        locked: false,
      }),
      listPublishedCards: async () => latest,
    },
  }
  context.set(appContext, { services, user: null } as unknown as AppContext)
  return context
}

describe('loadPost', () => {
  it('leaves the post itself out of its related posts, at most three', async () => {
    const found = await loadPost(contextWith([card(1), card(2), card(3), card(4)]), 'post-2')
    expect(found?.post).toMatchObject({ locked: false, content: '<p>Body</p>' })
    expect(found?.related.map((p) => p.slug)).toEqual(['post-1', 'post-3', 'post-4'])
    const other = await loadPost(contextWith([card(1), card(2), card(3), card(4)]), 'post-9')
    expect(other?.related.map((p) => p.slug)).toEqual(['post-1', 'post-2', 'post-3'])
  })
})
