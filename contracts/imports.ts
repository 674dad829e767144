import { z } from 'zod'
import { IMPORT_MESSAGES } from './import-constants.ts'
import { fileField } from './resources.ts'

export * from './import-constants.ts'

/**
 * The export as a form's `file`, and `dryRun=1` (in the address) to see what it would do. Nothing
 * else: a misspelt `dryrun=1` is refused, not taken as an import that writes.
 */
export const ImportInput = z.strictObject(
  {
    file: fileField({ required: IMPORT_MESSAGES.fileRequired, oneFile: IMPORT_MESSAGES.oneFile }),
    dryRun: z
      .enum(['1', '0', 'true', 'false'], { error: IMPORT_MESSAGES.dryRunInvalid })
      .optional()
      .transform((v) => v === '1' || v === 'true'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? IMPORT_MESSAGES.unknownField(issue.keys) : undefined,
  },
)
export type ImportInput = z.output<typeof ImportInput>
