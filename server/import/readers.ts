import type { ImportSource } from '../../contracts/import-constants.ts'
import type { ImportReader } from './entries.ts'
import { readGhostExport } from './ghost.ts'
import { readWordPressExport } from './wordpress.ts'

/** The reader of each source's export; its endpoint is in server/api/imports.ts. */
export const IMPORT_READERS: Record<ImportSource, ImportReader> = {
  ghost: readGhostExport,
  wordpress: readWordPressExport,
}
