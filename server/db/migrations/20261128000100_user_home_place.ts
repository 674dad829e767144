import type { Kysely } from 'kysely'

/**
 * A member's home place for /tonight (and later the aurora alerts): one row per member, gone
 * with the member. Coordinates as double precision: a REAL in SQLite, a float8 in PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_home_places')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('home_place_name', 'text', (c) => c.notNull())
    .addColumn('home_lat', 'double precision', (c) => c.notNull())
    .addColumn('home_lon', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_home_places').execute()
}
