import type { ImportReader } from '../../server/import/entries.ts'

/** Reads the export through: what it gave before it stopped, and what stopped it (or null). */
export async function readUntilRefused(
  read: ImportReader,
  file: string,
): Promise<{ error: unknown; given: number }> {
  let given = 0
  try {
    for await (const _ of read(file)) given++
  } catch (error) {
    return { error, given }
  }
  return { error: null, given }
}
