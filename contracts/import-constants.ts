/** The exports the dashboard imports from (server/import/). */
export const IMPORT_SOURCES = ['ghost', 'wordpress'] as const
export type ImportSource = (typeof IMPORT_SOURCES)[number]

export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  ghost: 'Ghost',
  wordpress: 'WordPress',
}

/** The largest export an import reads: a site of some thousands of posts. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024

/**
 * The most posts and pages one export may hold (drafts and trashed ones too; attachments, menus,
 * products and the like are not counted): an import holds each one's title, slug and tags until
 * it writes them, and 64 MB of tiny posts would be some 500,000.
 */
export const IMPORT_MAX_ITEMS = 50_000

/**
 * The most rows an import keeps beside the posts while it reads: Ghost's tags, post–tag links and
 * post descriptions, WordPress's attachments (feature images).
 */
export const IMPORT_MAX_SIDE_ROWS = 250_000

/** The skipped items an answer lists by name (the first ones); `skippedTotal` counts them all. */
export const IMPORT_SKIPPED_LISTED = 500

export const IMPORT_MESSAGES = {
  fileRequired: 'Choose the export file to import.',
  oneFile: 'Import one file at a time.',
  dryRunInvalid: 'dryRun must be 1 or 0.',
  unknownField: (names: string[]) =>
    `An import takes the export file and dryRun, nothing else: ${names.join(', ')} is not one of them.`,
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB, the most an import reads.`,
  tooManyItems: `The export holds more than ${IMPORT_MAX_ITEMS.toLocaleString('en-US')} posts and pages, the most one import reads.`,
  tooManySideRows: `The export holds more than ${IMPORT_MAX_SIDE_ROWS.toLocaleString('en-US')} tags, tag links, post details and attachments, the most one import reads.`,
  fileLast: 'Send the export file as the form’s last field.',
  truncated: 'The upload was cut off before the file ended.',
  emptyFile: 'The file is empty.',
  busy: 'Another import is running: wait for it to finish, then try again.',
  changedMeanwhile:
    'Posts or pages changed while the import ran (another import, or a new slug): preview it again, then import.',
  importedBefore: 'Imported before.',
  twiceInFile: 'It appears twice in the file; the first one is imported.',
} as const

/** What an import created (or, for a dry run, would create), and what it left out and why. */
export interface ImportResult {
  created: { posts: number; pages: number; tags: number }
  /** The first IMPORT_SKIPPED_LISTED items left out (those the file could not give first). */
  skipped: Array<{ title: string; reason: string }>
  /** How many were left out in all. */
  skippedTotal: number
}
