import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { BlogPost } from '../../contracts/blog-constants.ts'
import type { AppContext } from '../../server/http/app-context.ts'
import { appContext } from './app-context.ts'
import { loadPost } from './content.server.ts'

function post(
  n: number,
  content = `<h2>Part ${n}</h2><p>${'Words about the sky. '.repeat(20)}</p>`,
) {
  return {
    id: `p${n}`,
    title: `Post ${n}`,
    slug: `post-${n}`,
    content,
    status: 'published',
    excerpt: null,
    featuredImageUrl: null,
    tags: [],
    publishedAt: '2026-11-01T00:00:00.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  } satisfies BlogPost
}

/** A load context whose newest posts are `latest()`, as server/services/latest-posts.ts hands them out. */
function contextWith(latest: () => BlogPost[]) {
  const context = new RouterContextProvider()
  const services = {
    blog: {
      find: async ({ slug }: { slug: string }) => post(Number(slug.split('-')[1])),
      listPublished: async () => latest(),
    },
  }
  context.set(appContext, { services, user: null } as unknown as AppContext)
  return context
}

describe('loadPost', () => {
  it('leaves the post itself out of its related posts and sends their cards without bodies', async () => {
    const newest = [post(1), post(2), post(3), post(4)]
    const found = await loadPost(
      contextWith(() => newest),
      'post-2',
    )
    expect(found?.related.map((p) => p.slug)).toEqual(['post-1', 'post-3', 'post-4'])
    for (const card of found!.related) {
      expect(card.content).toBe('')
      expect(card.excerpt).toMatch(/^Part \d Words about the sky\./)
      expect(card.excerpt!.endsWith('...')).toBe(true)
    }
  })

  it('works out each card once while the newest posts stay the same, and again once they change', async () => {
    let newest = [post(1), post(2), post(3), post(4)]
    const context = contextWith(() => newest)
    const first = await loadPost(context, 'post-9')
    const second = await loadPost(context, 'post-8')
    // The very same card objects: nothing was worked out again.
    for (let i = 0; i < 3; i++) expect(second!.related[i]).toBe(first!.related[i])

    // Posts changed: the kept list is a new one, and so are its cards.
    newest = [post(1, '<p>Edited: a new opening for the first post.</p>'), ...newest.slice(1)]
    const third = await loadPost(context, 'post-9')
    expect(third!.related[0]).not.toBe(first!.related[0])
    expect(third!.related[0]!.excerpt).toBe('Edited: a new opening for the first post.')
    expect(third!.related[1]).toBe(first!.related[1])
  })
})
