import { randomBytes } from 'node:crypto'
import {
  HEADER_IMAGE_WIDTHS,
  type HeaderImage,
  IMAGE_MAX_BYTES,
  MEDIA_MESSAGES,
} from '../../contracts/media-constants.ts'
import type { Database } from '../db/dialect.ts'
import {
  deleteHeaderImage,
  findHeaderImage,
  insertHeaderImage,
  listHeaderImages,
} from '../db/header-images.ts'
import type { HeaderImageRow } from '../db/schema.ts'
import type { Logger } from '../shared/logger.ts'
import { type ImagePolicy, ImageRejected, processImage, rejectionMessage } from '../media/images.ts'
import type { Storage } from '../storage/storage.ts'
import { NotFound, ValidationError } from '../shared/errors.ts'
import type { Clock } from '../shared/clock.ts'
import type { ContentEvents } from '../shared/content-events.ts'
import { labelFrom } from '../../contracts/text.ts'

export const HEADER_IMAGE_POLICY: ImagePolicy = {
  formats: new Set(['jpeg', 'png', 'webp']),
  // 50 megapixels: any camera's photo, not a decompression bomb.
  maxInputPixels: 50_000_000,
}

interface StoredVariant {
  width: number
  height: number
  storageKey: string
}

function variantsOf(row: HeaderImageRow): StoredVariant[] {
  try {
    return JSON.parse(row.variants) as StoredVariant[]
  } catch {
    return []
  }
}

export function createHeaderImageService(deps: {
  db: Database
  clock: Clock
  logger: Logger
  storage: Storage
  events: ContentEvents
}) {
  const { db, clock, logger, storage, events } = deps

  function toImage(row: HeaderImageRow): HeaderImage {
    const variants = variantsOf(row)
    const largest = variants[variants.length - 1]
    return {
      key: row.key,
      url: largest ? storage.url(largest.storageKey) : '',
      name: row.name,
      title: row.title,
      description: row.description,
      width: largest?.width ?? row.width,
      height: largest?.height ?? row.height,
      srcset: variants.map((v) => `${storage.url(v.storageKey)} ${v.width}w`).join(', '),
      createdAt: row.created_at,
    }
  }

  async function removeFiles(keys: string[]) {
    for (const key of keys) {
      await storage
        .delete(key)
        .catch((error: unknown) =>
          logger.error('could not remove an image file', { key, error: String(error) }),
        )
    }
  }

  return {
    async list(limit?: number): Promise<HeaderImage[]> {
      return (await listHeaderImages(db, limit)).map(toImage)
    },

    /** Decodes, strips metadata, writes the WebP variants, then records the image. */
    async upload(input: {
      image: File
      title: string
      description?: string | null
    }): Promise<HeaderImage> {
      const { image } = input
      if (image.size === 0) throw ValidationError.field('image', MEDIA_MESSAGES.imageEmpty)
      if (image.size > IMAGE_MAX_BYTES)
        throw ValidationError.field('image', MEDIA_MESSAGES.imageTooLarge)
      let processed
      try {
        processed = await processImage(
          Buffer.from(await image.arrayBuffer()),
          HEADER_IMAGE_POLICY,
          {
            widths: HEADER_IMAGE_WIDTHS,
          },
        )
      } catch (error) {
        if (error instanceof ImageRejected)
          throw ValidationError.field(
            'image',
            rejectionMessage(error, HEADER_IMAGE_POLICY, MEDIA_MESSAGES.imageType),
          )
        throw error
      }
      const key = `${clock.now().getTime().toString(36)}-${randomBytes(6).toString('hex')}`
      const written: StoredVariant[] = []
      let row: HeaderImageRow
      try {
        for (const v of processed.variants) {
          const storageKey = `header-images/${key}-${v.width}.webp`
          await storage.put(storageKey, v.bytes, 'image/webp')
          written.push({ width: v.width, height: v.height, storageKey })
        }
        row = await insertHeaderImage(db, {
          key,
          name: labelFrom(image.name, 255) || 'image',
          title: input.title,
          description: input.description?.trim() ? input.description.trim() : null,
          width: processed.width,
          height: processed.height,
          variants: JSON.stringify(written),
          created_at: clock.now().toISOString(),
        })
      } catch (error) {
        // Nothing half-made stays behind: the files go with the failed record.
        await removeFiles(written.map((w) => w.storageKey))
        throw error
      }
      events.changed('header-images')
      return toImage(row)
    },

    /** Removes the record and every file of the image. */
    async remove(key: string): Promise<void> {
      const row = await findHeaderImage(db, key)
      if (!row) throw new NotFound(MEDIA_MESSAGES.imageNotFound)
      const deleted = await deleteHeaderImage(db, key)
      if (!deleted) throw new NotFound(MEDIA_MESSAGES.imageNotFound)
      events.changed('header-images')
      await removeFiles(variantsOf(deleted).map((v) => v.storageKey))
    },
  }
}

export type HeaderImageService = ReturnType<typeof createHeaderImageService>
