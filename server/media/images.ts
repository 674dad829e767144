import type SharpDefault from 'sharp'
import type { Sharp } from 'sharp'
import { createWorkLimiter } from '../shared/work-limiter.ts'

/**
 * Every uploaded image goes through here: decoded by its content (never by name or declared
 * type), refused when its header claims more pixels than allowed (a small file can describe a
 * huge canvas), re-encoded to WebP without metadata, at the widths asked for. Decoding is CPU-
 * and memory-heavy, so only a few run at once and only a few more may wait.
 */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif'

export interface ImagePolicy {
  formats: ReadonlySet<ImageFormat>
  /** Width × height above which the image is refused before it is decoded. */
  maxInputPixels: number
}

export class ImageRejected extends Error {
  readonly reason: 'format' | 'too_many_pixels' | 'corrupt'
  constructor(reason: ImageRejected['reason']) {
    super(`image rejected: ${reason}`)
    this.reason = reason
  }
}

/**
 * What to tell the uploader: a canvas past the policy's size says so (it may well be a PNG or a
 * JPEG, so "which formats are accepted" would mislead); anything else gets `typeMessage`.
 */
export function rejectionMessage(
  error: ImageRejected,
  policy: ImagePolicy,
  typeMessage: string,
): string {
  if (error.reason !== 'too_many_pixels') return typeMessage
  return `The image is too large in pixels (at most ${policy.maxInputPixels / 1_000_000} megapixels).`
}

export interface ImageVariant {
  width: number
  height: number
  bytes: Buffer
}

export interface ProcessedImage {
  format: ImageFormat
  width: number
  height: number
  variants: ImageVariant[]
}

/** Decodes at once at most; more wait in a short queue; beyond that the caller is told to retry. */
export const MAX_CONCURRENT_DECODES = 1
export const MAX_WAITING_DECODES = 4
export const BUSY_MESSAGE = 'The server is busy processing images. Please try again in a moment.'

const decodes = createWorkLimiter({
  maxActive: MAX_CONCURRENT_DECODES,
  maxWaiting: MAX_WAITING_DECODES,
  busyMessage: BUSY_MESSAGE,
  retryAfterSeconds: 5,
})

type SharpFactory = typeof SharpDefault
let sharpModule: Promise<SharpFactory> | null = null
/** Loaded on first use: the library is large and most requests never need it. */
function loadSharp(): Promise<SharpFactory> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // One thread per image and no decoded-image cache: memory stays flat under parallel uploads.
    sharp.concurrency(1)
    sharp.cache(false)
    return sharp
  })
  return sharpModule
}

function open(
  sharp: Awaited<ReturnType<typeof loadSharp>>,
  bytes: Buffer,
  policy: ImagePolicy,
): Sharp {
  return sharp(bytes, { limitInputPixels: policy.maxInputPixels, failOn: 'error', animated: false })
}

/** Reads only the header: format and size, refusing what the policy does not allow. */
export async function inspectImage(
  bytes: Buffer,
  policy: ImagePolicy,
): Promise<{ format: ImageFormat; width: number; height: number }> {
  const sharp = await loadSharp()
  let meta
  try {
    meta = await open(sharp, bytes, policy).metadata()
  } catch (error) {
    throw new ImageRejected(/pixel limit/i.test(String(error)) ? 'too_many_pixels' : 'format')
  }
  const format = meta.format === 'jpg' ? 'jpeg' : meta.format
  if (!format || !policy.formats.has(format as ImageFormat)) throw new ImageRejected('format')
  const width = meta.autoOrient?.width ?? meta.width
  const height = meta.autoOrient?.height ?? meta.height
  if (!width || !height) throw new ImageRejected('corrupt')
  if (width * height > policy.maxInputPixels) throw new ImageRejected('too_many_pixels')
  return { format: format as ImageFormat, width, height }
}

/**
 * Decodes the image once and writes a WebP for each width (never wider than the original);
 * `square` crops each variant to a square of that width (avatars).
 */
export async function processImage(
  bytes: Buffer,
  policy: ImagePolicy,
  options: { widths: readonly number[]; square?: boolean; quality?: number },
): Promise<ProcessedImage> {
  const info = await inspectImage(bytes, policy)
  return decodes.run(async () => {
    const sharp = await loadSharp()
    const targets = [...new Set(options.widths.map((w) => Math.min(w, info.width)))].sort(
      (a, b) => a - b,
    )
    const variants: ImageVariant[] = []
    try {
      for (const width of targets) {
        const pipeline = open(sharp, bytes, policy).rotate()
        const resized = options.square
          ? pipeline.resize(width, width, { fit: 'cover' })
          : pipeline.resize({ width, withoutEnlargement: true })
        const { data, info: out } = await resized
          .webp({ quality: options.quality ?? 82 })
          .toBuffer({ resolveWithObject: true })
        variants.push({ width: out.width, height: out.height, bytes: data })
      }
    } catch (error) {
      if (error instanceof ImageRejected) throw error
      throw new ImageRejected(/pixel limit/i.test(String(error)) ? 'too_many_pixels' : 'corrupt')
    }
    return { format: info.format, width: info.width, height: info.height, variants }
  })
}
