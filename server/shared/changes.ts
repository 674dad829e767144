/**
 * Whether writing `next` over `row` would leave every field as it is. An update that changes
 * nothing writes nothing and announces nothing, so the pages kept for it stay cached.
 */
export function changesNothing<Row extends object>(row: Row, next: Partial<Row>): boolean {
  return (Object.keys(next) as (keyof Row)[]).every((key) => row[key] === next[key])
}
