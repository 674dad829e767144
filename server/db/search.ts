import { type ExpressionBuilder, sql } from 'kysely'

/**
 * A case-insensitive "contains" over some text columns, for the admin lists' search boxes.
 * `%` and `_` are taken literally: escaped with `!`, declared with ESCAPE (SQLite has no default).
 */
export function containsText(columns: readonly string[], search: string) {
  const needle = `%${search.toLowerCase().replace(/[%_!]/g, (m) => `!${m}`)}%`
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) =>
    eb.or(
      columns.map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${needle} escape '!'`),
    )
}
