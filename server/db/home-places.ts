import type { Database } from './dialect.ts'
import type { UserHomePlacesTable } from './schema.ts'

export async function findHomePlace(
  db: Database,
  userId: number,
): Promise<UserHomePlacesTable | undefined> {
  return db
    .selectFrom('user_home_places')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Saves a member's home place, replacing the one they had. */
export async function saveHomePlace(db: Database, row: UserHomePlacesTable): Promise<void> {
  await db
    .insertInto('user_home_places')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        home_place_name: row.home_place_name,
        home_lat: row.home_lat,
        home_lon: row.home_lon,
        updated_at: row.updated_at,
      }),
    )
    .execute()
}
