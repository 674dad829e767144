import { type Kysely, sql } from 'kysely'
import { cardExcerpt } from '../../../contracts/card-excerpt.ts'

/** Posts read at a time: a body may be large, and only a few are held at once. */
const BATCH = 20

/**
 * Lists show each post's card, never its body: the card's excerpt (the author's, or the start of
 * the body's text) is kept beside the post, worked out on every write (server/db/blog-posts.ts)
 * and here, once, for the posts written before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blog_posts')
    .addColumn('card_excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  let after = ''
  for (;;) {
    const { rows } = await sql<{ id: string; excerpt: string | null; content: string }>`
      select id, excerpt, content from blog_posts where id > ${after} order by id limit ${BATCH}`.execute(
      db,
    )
    for (const row of rows)
      await sql`update blog_posts set card_excerpt = ${cardExcerpt(row)} where id = ${row.id}`.execute(
        db,
      )
    if (rows.length < BATCH) return
    after = rows[rows.length - 1]!.id
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blog_posts').dropColumn('card_excerpt').execute()
}
