import * as API from '../../contracts/endpoints.ts'
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportSource,
} from '../../contracts/import-constants.ts'
import type { EndpointContract } from '../../contracts/endpoint.ts'
import type { ImportInput } from '../../contracts/imports.ts'
import type { ImportResult } from '../../contracts/import-constants.ts'
import { ImportFormatError } from '../import/entries.ts'
import { IMPORT_READERS } from '../import/readers.ts'
import { spoolUpload } from '../import/spool.ts'
import { ValidationError } from '../shared/errors.ts'
import type { z } from 'zod'
import { handle } from './define.ts'

/** The `dryRun` field and the file part's own headers; the query string is not in the body. */
const FIELD_BYTES = 1024
export const IMPORT_BODY_BYTES = IMPORT_MAX_BYTES + FIELD_BYTES + 4096

/**
 * One endpoint per source, all alike: the export is written to a temporary file as it arrives
 * (the readers walk it twice, never holding it whole), read and applied, and the file removed.
 * The import writes its own audit entry inside its transaction (server/import/apply.ts).
 */
function importFrom(
  source: ImportSource,
  contract: EndpointContract<z.ZodType<ImportInput>, ImportResult, 'admin'>,
) {
  return handle(contract, {
    auditsItself: true,
    heavy: true,
    maxBodyBytes: IMPORT_BODY_BYTES,
    streamed: {
      fieldBytes: FIELD_BYTES,
      // As long as the server gives any request to arrive (server/main.ts).
      deadlineMs: 60_000,
      withQuery: true,
      tooLargeMessage: IMPORT_MESSAGES.tooLarge,
      messages: { 'after-file': IMPORT_MESSAGES.fileLast, truncated: IMPORT_MESSAGES.truncated },
    },
    async handler(input, { services, user }) {
      const done = services.imports.begin()
      try {
        const file = await spoolUpload(input.file, {
          maxBytes: IMPORT_MAX_BYTES,
          tooLarge: IMPORT_MESSAGES.tooLarge,
          empty: IMPORT_MESSAGES.emptyFile,
        })
        try {
          return await services.imports.run(source, IMPORT_READERS[source], file.path, user, {
            dryRun: input.dryRun,
          })
        } catch (error) {
          if (error instanceof ImportFormatError) throw new ValidationError(error.message)
          throw error
        } finally {
          await file.remove()
        }
      } finally {
        done()
      }
    },
  })
}

export const importGhost = importFrom('ghost', API.importGhost)
export const importWordpress = importFrom('wordpress', API.importWordpress)
