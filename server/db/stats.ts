import type { Database } from './dialect.ts'

/** Totals for the admin dashboard, over every status. */
export async function countContent(
  db: Database,
): Promise<{ posts: number; pages: number; videos: number }> {
  const count = (table: 'blog_posts' | 'pages' | 'videos') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n))
  const [posts, pages, videos] = await Promise.all([
    count('blog_posts'),
    count('pages'),
    count('videos'),
  ])
  return { posts, pages, videos }
}
