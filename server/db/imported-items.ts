import type { Database, Trx } from './dialect.ts'
import type { ImportedItemsTable } from './schema.ts'

/** Well under either engine's limit on a statement's parameters. */
const IDS_PER_QUERY = 500

/** Which of these source ids an earlier import of `source` brought in already. */
export async function findImportedSourceIds(
  db: Database,
  source: string,
  sourceIds: string[],
): Promise<Set<string>> {
  const found = new Set<string>()
  for (let i = 0; i < sourceIds.length; i += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom('imported_items')
      .select('source_id')
      .where('source', '=', source)
      .where('source_id', 'in', sourceIds.slice(i, i + IDS_PER_QUERY))
      .execute()
    for (const row of rows) found.add(row.source_id)
  }
  return found
}

export async function insertImportedItem(trx: Trx, row: ImportedItemsTable): Promise<void> {
  await trx.insertInto('imported_items').values(row).execute()
}

/** Every post slug and every page slug in use: an import picks free ones for many items at once. */
export async function listTakenSlugs(db: Database): Promise<{ posts: string[]; pages: string[] }> {
  const [posts, pages] = await Promise.all([
    db.selectFrom('blog_posts').select('slug').execute(),
    db.selectFrom('pages').select('slug').execute(),
  ])
  return { posts: posts.map((r) => r.slug), pages: pages.map((r) => r.slug) }
}

/** The tag lists of every post (JSON arrays), to tell the tag names new to the site. */
export async function listPostTagLists(db: Database): Promise<string[]> {
  return (await db.selectFrom('blog_posts').select('tags').execute()).map((r) => r.tags)
}
