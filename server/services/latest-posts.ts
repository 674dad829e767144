import type { Clock } from '../shared/clock.ts'
import type { ContentEvents } from '../shared/content-events.ts'

/**
 * The newest published posts (a post page's "You Might Also Like" cards, the RSS feed's posts),
 * kept between requests: every rendered post page asked SQLite for the same four posts
 * (0.14 ms of a 3 ms page). A copy holds until posts change (the content events, which reach
 * every node) or the next scheduled post or page goes public, as the page cache's copies do
 * (server/http/page-cache.ts). Callers get the same array: they map it, never change it.
 */
export function keepLatestPosts<Post>(
  list: (limit: number) => Promise<Post[]>,
  deps: {
    events: ContentEvents
    clock: Clock
    nextScheduledPublication: () => Promise<string | null>
  },
): (limit: number) => Promise<readonly Post[]> {
  let generation = 0
  const kept = new Map<number, { posts: Post[]; until: number; generation: number }>()
  deps.events.subscribe((topics) => {
    if (!topics.includes('posts')) return
    generation++
    kept.clear()
  })
  return async (limit) => {
    const now = deps.clock.now().getTime()
    const copy = kept.get(limit)
    if (copy && copy.generation === generation && now < copy.until) return copy.posts
    // A change announced while these run makes their answer old: use it, do not keep it.
    const before = generation
    const [posts, next] = await Promise.all([list(limit), deps.nextScheduledPublication()])
    if (generation === before)
      kept.set(limit, { posts, until: next ? Date.parse(next) : Infinity, generation })
    return posts
  }
}
