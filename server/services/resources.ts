import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import {
  type FileSource,
  RESOURCE_MAX_BYTES,
  RESOURCE_MESSAGES,
  RESOURCE_TYPES,
  type Resource,
  type ResourceContentType,
  type ResourceListQuery,
  type ResourceListResponse,
  type ResourceUpdateInput,
} from '../../contracts/resources.ts'
import type { Database } from '../db/dialect.ts'
import {
  countResourceDownload,
  deleteResource,
  findResource,
  insertResource,
  listResources,
  updateResourceText,
} from '../db/resources.ts'
import type { ResourceRow } from '../db/schema.ts'
import type { Clock } from '../shared/clock.ts'
import { NotFound, PayloadTooLarge, ValidationError } from '../shared/errors.ts'
import type { Logger } from '../shared/logger.ts'
import { PRIVATE_PREFIX, type Storage } from '../storage/storage.ts'
import {
  attachmentDisposition,
  safeFileName,
  SNIFF_BYTES,
  sniffResource,
} from './resource-files.ts'

/** How long a signed download URL (S3) works: long enough to start the download, no longer. */
export const RESOURCE_SIGNED_URL_SECONDS = 60

/** A download: the file's bytes from the site, or a signed URL the object store answers. */
export type ResourceDownload =
  | { kind: 'redirect'; url: string }
  | {
      kind: 'stream'
      body: Readable
      size: number | null
      contentType: ResourceContentType
      disposition: string
    }

export function createResourceService(deps: {
  db: Database
  clock: Clock
  logger: Logger
  storage: Storage
}) {
  const { db, clock, logger, storage } = deps

  function toResource(row: ResourceRow, withCount: boolean): Resource {
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      fileName: row.file_name,
      size: Number(row.size),
      contentType: row.content_type as ResourceContentType,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      ...(withCount ? { downloadCount: Number(row.download_count) } : {}),
    }
  }

  async function removeFile(key: string) {
    await storage
      .delete(key)
      .catch((error: unknown) =>
        logger.error('could not remove a resource file', { key, error: String(error) }),
      )
  }

  return {
    async list(query: ResourceListQuery, asAdmin: boolean): Promise<ResourceListResponse> {
      const { page, limit } = query
      const { rows, total } = await listResources(db, { offset: (page - 1) * limit, limit })
      return {
        resources: rows.map((row) => toResource(row, asAdmin)),
        pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
      }
    },

    /**
     * Tells the type from the file's first bytes, then streams it to storage under a private key
     * of its own, counting: past RESOURCE_MAX_BYTES it stops, and nothing of it stays behind, as
     * when the upload is cut off. The row is written once the file is whole.
     */
    async upload(input: {
      title: string
      description: string | null
      file: FileSource
    }): Promise<Resource> {
      const source = input.file.stream()[Symbol.asyncIterator]()
      const head = await readHead(source)
      if (head.length === 0) throw ValidationError.field('file', RESOURCE_MESSAGES.emptyFile)
      const sniffed = sniffResource(head)
      if ('refused' in sniffed) {
        const message =
          sniffed.refused === 'executable'
            ? RESOURCE_MESSAGES.executableRefused
            : RESOURCE_MESSAGES.typeRefused
        throw ValidationError.field('file', message)
      }
      const { type } = sniffed
      const key = `${PRIVATE_PREFIX}resources/${randomBytes(16).toString('hex')}.${RESOURCE_TYPES[type].extension}`
      // On failure (too large, cut off) the storage leaves nothing under the key.
      const size = await storage.putStream(key, limited(head, source), type)
      const now = clock.now().toISOString()
      try {
        const row = await insertResource(db, {
          title: input.title,
          description: input.description,
          file_name: safeFileName(input.file.name, type),
          storage_key: key,
          content_type: type,
          size,
          created_at: now,
          updated_at: now,
        })
        return toResource(row, true)
      } catch (error) {
        await removeFile(key)
        throw error
      }
    },

    async update(input: ResourceUpdateInput): Promise<Resource> {
      const row = await updateResourceText(db, input.id, {
        title: input.title,
        description: input.description,
        updated_at: clock.now().toISOString(),
      })
      if (!row) throw new NotFound(RESOURCE_MESSAGES.notFound)
      return toResource(row, true)
    },

    /** Removes the record, then its file. */
    async remove(id: number): Promise<void> {
      const row = await deleteResource(db, id)
      if (!row) throw new NotFound(RESOURCE_MESSAGES.notFound)
      await removeFile(row.storage_key)
    },

    /** Counts the download, then answers where its bytes come from. */
    async download(id: number): Promise<ResourceDownload> {
      const row = await findResource(db, id)
      if (!row) throw new NotFound(RESOURCE_MESSAGES.notFound)
      const contentType = row.content_type as ResourceContentType
      const disposition = attachmentDisposition(row.file_name)
      const url = await storage.signedUrl(row.storage_key, {
        expiresInSeconds: RESOURCE_SIGNED_URL_SECONDS,
        contentType,
        contentDisposition: disposition,
      })
      if (url) {
        await countResourceDownload(db, id)
        return { kind: 'redirect', url }
      }
      const object = await storage.open(row.storage_key)
      if (!object) {
        logger.error('a resource has no file', { id, key: row.storage_key })
        throw new NotFound(RESOURCE_MESSAGES.notFound)
      }
      await countResourceDownload(db, id)
      return {
        kind: 'stream',
        body: object.body,
        size: object.contentLength,
        contentType,
        disposition,
      }
    },
  }
}

/** The first SNIFF_BYTES of a stream (fewer only when it is shorter), however it is chunked. */
async function readHead(source: AsyncIterator<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = []
  let length = 0
  while (length < SNIFF_BYTES) {
    const next = await source.next()
    if (next.done) break
    chunks.push(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength))
    length += next.value.byteLength
  }
  return Buffer.concat(chunks, length)
}

/** The head, then the rest of the stream, failing before the byte past RESOURCE_MAX_BYTES. */
async function* limited(head: Buffer, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  let size = head.length
  if (size > RESOURCE_MAX_BYTES) throw tooLarge()
  yield head
  for (;;) {
    const next = await rest.next()
    if (next.done) return
    size += next.value.byteLength
    if (size > RESOURCE_MAX_BYTES) throw tooLarge()
    yield next.value
  }
}

const tooLarge = () =>
  new PayloadTooLarge(RESOURCE_MESSAGES.tooLarge, {
    details: { file: [RESOURCE_MESSAGES.tooLarge] },
  })
