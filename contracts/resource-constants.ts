/**
 * Member resources: files the creator shares with signed-in members (star charts, PDFs,
 * observing lists, wallpapers). Types and rules both sides need, without zod.
 */

/** The largest file an admin may upload. */
export const RESOURCE_MAX_BYTES = 50 * 1024 * 1024
export const RESOURCE_TITLE_MAX = 200
export const RESOURCE_DESCRIPTION_MAX = 2000
/** Original file names are kept for the download up to this many characters. */
export const RESOURCE_FILE_NAME_MAX = 200
export const RESOURCES_PAGE_SIZE = 50
export const RESOURCES_LIMIT_MAX = 100

/** What a resource may be, told from its first bytes; the label members see, and its extension. */
export const RESOURCE_TYPES = {
  'application/pdf': { label: 'PDF', extension: 'pdf' },
  'image/png': { label: 'PNG', extension: 'png' },
  'image/jpeg': { label: 'JPEG', extension: 'jpg' },
  'image/webp': { label: 'WebP', extension: 'webp' },
  'application/zip': { label: 'ZIP', extension: 'zip' },
  'application/fits': { label: 'FITS', extension: 'fits' },
} as const
export type ResourceContentType = keyof typeof RESOURCE_TYPES

export const RESOURCE_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${RESOURCE_TITLE_MAX} characters`,
  descriptionTooLong: `Description must be at most ${RESOURCE_DESCRIPTION_MAX} characters`,
  fileRequired: 'Choose a file to upload',
  oneFile: 'Upload one file at a time.',
  idInvalid: 'Resource id must be a positive whole number',
  notFound: 'Resource not found',
  typeRefused:
    'This file type is not allowed. Upload a PDF, PNG, JPEG, WebP, ZIP or FITS file (checked by its content, not its name).',
  executableRefused:
    'Programs and scripts cannot be shared as resources. Upload a PDF, PNG, JPEG, WebP, ZIP or FITS file.',
  tooLarge: 'The file is larger than 50 MB.',
  emptyFile: 'The file is empty.',
  fileLast: 'Send one file, after the title and description.',
  truncated: 'The upload was cut off before the file ended.',
  comingUp: 'No resources yet. Star charts, observing lists and wallpapers will appear here.',
} as const

export interface Resource {
  id: number
  title: string
  description: string | null
  /** The name the file had when it was uploaded, made safe. */
  fileName: string
  size: number
  contentType: ResourceContentType
  /** When it was uploaded (ISO-8601 UTC). */
  createdAt: string
  updatedAt: string
  /** How many times it was downloaded: only in an admin's answers. */
  downloadCount?: number
}

export interface ResourceListResponse {
  resources: Resource[]
  pagination: { page: number; limit: number; total: number; totalPages: number }
}

/** "2.4 MB", "830 KB", "12 bytes": decimal units, as file managers show them. */
export function humanSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1000
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit += 1
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`
}

export function resourceTypeLabel(type: string): string {
  return (RESOURCE_TYPES as Record<string, { label: string }>)[type]?.label ?? 'File'
}
