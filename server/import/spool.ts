import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FileSource } from '../../contracts/resources.ts'
import { PayloadTooLarge, ValidationError } from '../shared/errors.ts'

/** An upload written to a private temporary file, for a reader that walks it more than once. */
export interface SpooledFile {
  path: string
  bytes: number
  remove(): Promise<void>
}

/**
 * Writes the upload to a temporary file as it arrives, refusing it (PayloadTooLarge) past
 * `maxBytes`. The file is gone again if anything fails; otherwise the caller removes it.
 */
export async function spoolUpload(
  file: FileSource,
  limits: { maxBytes: number; tooLarge: string; empty: string },
): Promise<SpooledFile> {
  const dir = await mkdtemp(path.join(tmpdir(), 'import-'))
  const remove = () => rm(dir, { recursive: true, force: true })
  const target = path.join(dir, 'upload')
  let bytes = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      if (bytes > limits.maxBytes) done(new PayloadTooLarge(limits.tooLarge))
      else done(null, chunk)
    },
  })
  try {
    await pipeline(file.stream(), counted, createWriteStream(target, { mode: 0o600 }))
    if (bytes === 0) throw new ValidationError(limits.empty)
  } catch (error) {
    await remove()
    throw error
  }
  return { path: target, bytes, remove }
}
