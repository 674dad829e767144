import type { Database } from './dialect.ts'

/**
 * The earliest instant after `now` at which a published post or page becomes visible (its
 * publication date is in the future: it is scheduled), or an early-access post opens to everyone
 * (its `public_at`), or null when nothing is scheduled. Pages cached for visitors, and the newest
 * posts kept between requests, are kept no longer than this.
 */
export async function nextScheduledPublication(db: Database, now: string): Promise<string | null> {
  const [post, page, opening] = await Promise.all([
    db
      .selectFrom('blog_posts')
      .select((eb) => eb.fn.min('published_at').as('at'))
      .where('status', '=', 'published')
      .where('published_at', '>', now)
      .executeTakeFirst(),
    db
      .selectFrom('pages')
      .select((eb) => eb.fn.min('published_at').as('at'))
      .where('status', '=', 'published')
      .where('published_at', '>', now)
      .executeTakeFirst(),
    db
      .selectFrom('blog_posts')
      .select((eb) => eb.fn.min('public_at').as('at'))
      .where('status', '=', 'published')
      .where('visibility', '=', 'early-access')
      .where('public_at', '>', now)
      .executeTakeFirst(),
  ])
  const times = [post?.at, page?.at, opening?.at].filter((t): t is string => typeof t === 'string')
  return times.length ? times.sort()[0]! : null
}
