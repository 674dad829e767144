import { z } from 'zod'
import { PAGE_NUMBER_MAX, positiveId, requiredString, wholeNumber } from './common.ts'
import {
  RESOURCE_DESCRIPTION_MAX,
  RESOURCE_MESSAGES,
  RESOURCE_TITLE_MAX,
  RESOURCES_LIMIT_MAX,
  RESOURCES_PAGE_SIZE,
} from './resource-constants.ts'
import { prose } from './text.ts'

export * from './resource-constants.ts'

/**
 * A file as the upload form holds it (a browser `File`) or as the server receives it (its bytes
 * streaming in, never held whole): a name and a stream of the bytes.
 */
export interface FileSource {
  readonly name: string
  stream(): AsyncIterable<Uint8Array>
}

const resourceId = positiveId(RESOURCE_MESSAGES.idInvalid)
const title = requiredString(RESOURCE_MESSAGES.titleRequired).pipe(
  z.string().max(RESOURCE_TITLE_MAX, { error: RESOURCE_MESSAGES.titleTooLong }),
)
/** Empty means none. */
const description = prose(
  z
    .string()
    .trim()
    .max(RESOURCE_DESCRIPTION_MAX, { error: RESOURCE_MESSAGES.descriptionTooLong })
    .optional()
    .transform((v) => v || null),
)

const isFileSource = (v: unknown): v is FileSource =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as FileSource).name === 'string' &&
  typeof (v as FileSource).stream === 'function'

/** A form's one file (a browser `File`, or the server's streamed one), with the form's messages. */
export function fileField(messages: { required: string; oneFile: string }) {
  return z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', {
      error: messages.required,
      abort: true,
    })
    .refine((v) => !Array.isArray(v), { error: messages.oneFile, abort: true })
    .pipe(z.custom<FileSource>(isFileSource, { error: messages.required }))
}

export const ResourceUploadInput = z.object({
  title,
  description,
  file: fileField({
    required: RESOURCE_MESSAGES.fileRequired,
    oneFile: RESOURCE_MESSAGES.oneFile,
  }),
})
export type ResourceUploadInput = z.output<typeof ResourceUploadInput>

export const ResourceUpdateInput = z.object({ id: resourceId, title, description })
export type ResourceUpdateInput = z.output<typeof ResourceUpdateInput>
export const ResourceIdInput = z.object({ id: resourceId })
export const ResourceListQuery = z.object({
  page: wholeNumber(1, PAGE_NUMBER_MAX),
  limit: wholeNumber(RESOURCES_PAGE_SIZE, RESOURCES_LIMIT_MAX),
})
export type ResourceListQuery = z.output<typeof ResourceListQuery>
