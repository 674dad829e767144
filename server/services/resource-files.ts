import {
  RESOURCE_FILE_NAME_MAX,
  RESOURCE_TYPES,
  type ResourceContentType,
} from '../../contracts/resource-constants.ts'
import { labelFrom } from '../../contracts/text.ts'

/** Bytes enough to tell every accepted type and every refused program apart. */
export const SNIFF_BYTES = 16

const starts = (head: Uint8Array, signature: readonly number[], at = 0) =>
  head.length >= at + signature.length && signature.every((byte, i) => head[at + i] === byte)
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** Each accepted type by its magic number; nothing else counts (not the name, not the form's type). */
const SIGNATURES: { type: ResourceContentType; matches: (head: Uint8Array) => boolean }[] = [
  { type: 'application/pdf', matches: (h) => starts(h, ascii('%PDF-')) },
  {
    type: 'image/png',
    matches: (h) => starts(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { type: 'image/jpeg', matches: (h) => starts(h, [0xff, 0xd8, 0xff]) },
  { type: 'image/webp', matches: (h) => starts(h, ascii('RIFF')) && starts(h, ascii('WEBP'), 8) },
  // A local file header, or the end record of an empty archive.
  {
    type: 'application/zip',
    matches: (h) => starts(h, [0x50, 0x4b, 0x03, 0x04]) || starts(h, [0x50, 0x4b, 0x05, 0x06]),
  },
  // A FITS file opens with its first header card: SIMPLE, padded to eight, then "= ".
  { type: 'application/fits', matches: (h) => starts(h, ascii('SIMPLE  =')) },
]

/** Programs and scripts: refused with their own message, whatever they are named. */
const EXECUTABLES: readonly (readonly number[])[] = [
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  ascii('MZ'), // DOS and Windows (PE)
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O 32-bit
  [0xfe, 0xed, 0xfa, 0xcf], // Mach-O 64-bit
  [0xce, 0xfa, 0xed, 0xfe], // Mach-O, little-endian
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal (and Java classes)
  ascii('#!'), // scripts
  [0x00, 0x61, 0x73, 0x6d], // WebAssembly
]

export type Sniffed = { type: ResourceContentType } | { refused: 'executable' | 'unknown' }

/** What the first bytes of a file say it is. */
export function sniffResource(head: Uint8Array): Sniffed {
  const match = SIGNATURES.find((s) => s.matches(head))
  if (match) return { type: match.type }
  if (EXECUTABLES.some((signature) => starts(head, signature))) return { refused: 'executable' }
  return { refused: 'unknown' }
}

/**
 * The uploaded name as a download may use it: only its last path segment, no control or
 * text-direction characters, no leading dots (".." and ".bashrc" name nothing hidden or above),
 * no characters that file systems refuse, and ending with its type's own extension so the file
 * opens as what it is.
 */
export function safeFileName(name: string, type: ResourceContentType): string {
  const extension = RESOURCE_TYPES[type].extension
  const last = name.split(/[\\/]/).pop() ?? ''
  let safe = labelFrom(last, RESOURCE_FILE_NAME_MAX)
    .replace(/[<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
  if (!safe) safe = 'download'
  const has = safe.toLowerCase().split('.').pop()
  const alike =
    type === 'image/jpeg'
      ? ['jpg', 'jpeg']
      : type === 'application/fits'
        ? ['fits', 'fit', 'fts']
        : [extension]
  if (!safe.includes('.') || !alike.includes(has ?? '')) safe = `${safe}.${extension}`
  return safe
}

/**
 * `Content-Disposition: attachment` naming the file (RFC 6266): an ASCII `filename` for old
 * clients, with anything else, quotes and backslashes replaced, and the exact name as UTF-8 in
 * `filename*` (RFC 5987).
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
