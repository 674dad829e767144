import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect.ts'

/**
 * SQLite only: search rows are numbered by publication from now on (searchRowBase in
 * server/db/blog-posts.ts), so a visitor's search walks the index newest first and stops after
 * one page. The contentless index keeps no text to renumber from: its rows are emptied here and
 * the blog service indexes every post again at start-up (indexMissingPosts), before serving.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return
  await sql`delete from blog_posts_search`.execute(db)
  await sql`delete from blog_posts_search_ids`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return
  await sql`delete from blog_posts_search`.execute(db)
  await sql`delete from blog_posts_search_ids`.execute(db)
}
