import { describe, expect, it } from 'vitest'
import type { BlogPost } from '../../contracts/blog.ts'
import { createContentEvents } from '../shared/content-events.ts'
import { keepLatestPosts } from './latest-posts.ts'

function setup(scheduled: string | null = null) {
  const events = createContentEvents()
  let now = Date.parse('2026-11-23T12:00:00Z')
  let calls = 0
  let answer: BlogPost[] = [{ id: 'a' } as BlogPost]
  let during: (() => void) | undefined
  const latest = keepLatestPosts(
    async () => {
      calls++
      during?.()
      return answer
    },
    {
      events,
      clock: { now: () => new Date(now) },
      nextScheduledPublication: async () => scheduled,
    },
  )
  return {
    latest,
    events,
    calls: () => calls,
    setAnswer: (posts: BlogPost[]) => (answer = posts),
    advance: (ms: number) => (now += ms),
    onFetch: (fn: () => void) => (during = fn),
  }
}

describe('the newest posts, kept between requests', () => {
  it('are read once, then kept, per limit', async () => {
    const s = setup()
    expect(await s.latest(4)).toEqual([{ id: 'a' }])
    expect(await s.latest(4)).toEqual([{ id: 'a' }])
    expect(s.calls()).toBe(1)
    await s.latest(20)
    expect(s.calls()).toBe(2)
  })

  it('are read again once posts change, here or on another node, and not for other content', async () => {
    const s = setup()
    await s.latest(4)
    s.events.deliver(['faqs', 'videos'])
    await s.latest(4)
    expect(s.calls()).toBe(1)
    s.setAnswer([{ id: 'b' } as BlogPost])
    s.events.changed('posts')
    expect(await s.latest(4)).toEqual([{ id: 'b' }])
    s.events.deliver(['posts'])
    await s.latest(4)
    expect(s.calls()).toBe(3)
  })

  it('are read again when the next scheduled post goes public', async () => {
    const s = setup('2026-11-23T12:10:00Z')
    await s.latest(4)
    s.advance(9 * 60_000)
    await s.latest(4)
    expect(s.calls()).toBe(1)
    s.advance(60_000)
    await s.latest(4)
    expect(s.calls()).toBe(2)
  })

  it('are not kept when posts change while they are read', async () => {
    const s = setup()
    s.onFetch(() => s.events.changed('posts'))
    await s.latest(4)
    s.onFetch(() => undefined)
    await s.latest(4)
    expect(s.calls()).toBe(2)
    await s.latest(4)
    expect(s.calls()).toBe(2)
  })
})
