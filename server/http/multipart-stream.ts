import type { FileSource } from '../../contracts/resources.ts'
import { ApiError } from './errors.ts'

/** The text fields of a streamed form, and its one file, whose bytes are read as they arrive. */
export interface StreamedForm {
  fields: Record<string, string | string[]>
  file: StreamedFile | null
}

/**
 * The file of a streamed form. Its fields are not own properties: the input checks that walk a
 * parsed input's strings leave the name to the service that makes it safe.
 */
export class StreamedFile implements FileSource {
  readonly #field: string
  readonly #name: string
  readonly #bytes: () => AsyncGenerator<Uint8Array>
  #streamed = false

  constructor(field: string, name: string, bytes: () => AsyncGenerator<Uint8Array>) {
    this.#field = field
    this.#name = name
    this.#bytes = bytes
  }
  /** The form field the file came in. */
  get field(): string {
    return this.#field
  }
  /** The name the sender gave it, as sent: make it safe before use. */
  get name(): string {
    return this.#name
  }
  stream(): AsyncIterable<Uint8Array> {
    if (this.#streamed) throw new Error('A streamed file can be read once.')
    this.#streamed = true
    return this.#bytes()
  }
}

export interface StreamedFormLimits {
  /** The most all text fields together may hold. */
  fieldBytes: number
  /** Part headers longer than this are not a browser's. */
  headerBytes?: number
}

const CRLF = Buffer.from('\r\n')
const HEADER_END = Buffer.from('\r\n\r\n')
const BROKEN = 'Request body must be a valid multipart form.'

/**
 * Reads a multipart/form-data body as it arrives, without holding its file: the text fields
 * before the file are collected (at most `fieldBytes`), and the answer comes as soon as the file's
 * headers are read, with the file as a stream the caller reads to its end. The file must be the
 * last part (a browser sends a FormData's entries in the order they were added); anything after
 * it fails the file's stream. A body that ends before the closing boundary fails it too, so a cut
 * upload is never taken for a whole file.
 */
export async function readStreamedForm(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  limits: StreamedFormLimits,
): Promise<StreamedForm> {
  const boundary = boundaryOf(contentType)
  if (!boundary) throw new ApiError(400, BROKEN)
  const delimiter = Buffer.from(`\r\n--${boundary}`)
  const headerLimit = limits.headerBytes ?? 8 * 1024
  const reader = body.getReader()
  // The leading CRLF lets the first boundary be found like every other.
  let buffer: Buffer = Buffer.from(CRLF)
  let ended = false

  /** The next piece of the body as it came (no copy), or null at its end. */
  async function next(): Promise<Buffer | null> {
    if (ended) return null
    const { done, value } = await reader.read()
    if (done) {
      ended = true
      return null
    }
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  }

  async function more(): Promise<boolean> {
    const piece = await next()
    if (!piece) return false
    buffer = buffer.length ? Buffer.concat([buffer, piece]) : piece
    return true
  }

  /** Waits for `needle`, keeping at most `limit` bytes before it; answers its offset. */
  async function find(needle: Buffer, limit: number): Promise<number> {
    for (;;) {
      const at = buffer.indexOf(needle)
      if (at !== -1 && at <= limit) return at
      if (buffer.length > limit + needle.length) throw new ApiError(400, BROKEN)
      if (!(await more())) throw new ApiError(400, BROKEN)
    }
  }

  /** After a delimiter: true when it closes the form ("--"), false when a part follows. */
  async function closes(): Promise<boolean> {
    while (buffer.length < 2) if (!(await more())) throw new ApiError(400, BROKEN)
    const closing = buffer[0] === 0x2d && buffer[1] === 0x2d
    if (!closing && !buffer.subarray(0, 2).equals(CRLF)) throw new ApiError(400, BROKEN)
    buffer = buffer.subarray(2)
    return closing
  }

  const fields: Record<string, string | string[]> = {}
  let fieldBytes = 0
  // The preamble, if any, ends at the first delimiter.
  const first = await find(delimiter, headerLimit)
  buffer = buffer.subarray(first + delimiter.length)
  while (!(await closes())) {
    const headerEnd = await find(HEADER_END, headerLimit)
    const headers = parseHeaders(buffer.subarray(0, headerEnd).toString('latin1'))
    buffer = buffer.subarray(headerEnd + HEADER_END.length)
    if (!headers.name) throw new ApiError(400, BROKEN)
    if (headers.fileName !== null) {
      return { fields, file: new StreamedFile(headers.name, headers.fileName, fileBytes) }
    }
    const end = await find(delimiter, limits.fieldBytes - fieldBytes)
    fieldBytes += end
    const value = buffer.subarray(0, end).toString('utf8')
    buffer = buffer.subarray(end + delimiter.length)
    const prev = fields[headers.name]
    fields[headers.name] =
      prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]
  }
  return { fields, file: null }

  // The file's bytes up to the next delimiter, which must close the form.
  async function* fileBytes(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const at = buffer.indexOf(delimiter)
      if (at !== -1) {
        if (at > 0) yield buffer.subarray(0, at)
        buffer = buffer.subarray(at + delimiter.length)
        if (!(await closes())) throw new StreamedFormError('after-file')
        return
      }
      // Everything but what could be the start of a delimiter split across reads.
      const keep = Math.min(buffer.length, delimiter.length - 1)
      if (buffer.length > keep) yield buffer.subarray(0, buffer.length - keep)
      const tail = buffer.subarray(buffer.length - keep)
      const piece = await next()
      if (!piece) throw new StreamedFormError('truncated')
      // The pieces are passed on as they came: only where a delimiter may straddle two of them
      // are they joined, so the file's bytes are not copied on their way to storage.
      const joint = Buffer.concat([tail, piece.subarray(0, delimiter.length - 1)])
      if (piece.length < delimiter.length - 1 || joint.includes(delimiter))
        buffer = Buffer.concat([tail, piece])
      else {
        if (tail.length) yield tail
        buffer = piece
      }
    }
  }
}

/** Why a streamed file failed: a part after it, or a body that ended too soon. */
export class StreamedFormError extends Error {
  readonly reason: 'after-file' | 'truncated'
  constructor(reason: 'after-file' | 'truncated') {
    super(reason === 'after-file' ? 'A form part follows the file.' : 'The form ended too soon.')
    this.reason = reason
  }
}

function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType)
  return match ? (match[1] ?? match[2] ?? null) : null
}

interface PartHeaders {
  name: string | null
  fileName: string | null
}

function parseHeaders(text: string): PartHeaders {
  const out: PartHeaders = { name: null, fileName: null }
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon === -1) continue
    const header = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (header !== 'content-disposition') continue
    out.name = parameter(value, 'name')
    const extended = parameter(value, 'filename\\*')
    const plain = parameter(value, 'filename')
    out.fileName = extended !== null ? decodeExtended(extended) : plain && formDecoded(plain)
  }
  return out
}

/**
 * A quoted or bare parameter of a header value. Browsers send names as UTF-8 bytes with `"`, CR
 * and LF percent-encoded (HTML's form encoding, undone by `formDecoded`) and a backslash as
 * itself, so a backslash is no escape here: a Windows path keeps its separators, for the name's
 * last segment to be found.
 */
function parameter(value: string, name: string): string | null {
  const match = new RegExp(`(?:^|;)\\s*${name}=(?:"([^"]*)"|([^;]*))`, 'i').exec(value)
  if (!match) return null
  const raw = match[1] ?? (match[2] ?? '').trim()
  return Buffer.from(raw, 'latin1').toString('utf8')
}

/** HTML's form encoding escapes only these three in a file name: undone, they are made safe later. */
function formDecoded(name: string): string {
  return name.replace(/%(22|0D|0A)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function decodeExtended(value: string): string {
  const match = /^[\w-]*'[^']*'(.*)$/.exec(value)
  try {
    return decodeURIComponent(match ? match[1]! : value)
  } catch {
    return value
  }
}
