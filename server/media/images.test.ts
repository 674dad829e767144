import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { pngBomb } from '../../tests/support/images.ts'
import { type ImagePolicy, ImageRejected, inspectImage, processImage } from './images.ts'

const POLICY: ImagePolicy = {
  formats: new Set(['jpeg', 'png', 'webp', 'gif']),
  maxInputPixels: 40_000_000,
}

const pixels = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 40, b: 90 } } })

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
    return 'accepted'
  } catch (error) {
    return error instanceof ImageRejected ? error.reason : String(error)
  }
}

describe('image module', () => {
  it('decodes real PNG, JPEG, WebP and GIF by content and writes WebP variants', async () => {
    const inputs = {
      png: await pixels(1200, 800).png().toBuffer(),
      jpeg: await pixels(1200, 800).jpeg().toBuffer(),
      webp: await pixels(1200, 800).webp().toBuffer(),
      gif: await pixels(1200, 800).gif().toBuffer(),
    }
    for (const [format, bytes] of Object.entries(inputs)) {
      const out = await processImage(bytes, POLICY, { widths: [480, 960, 1600] })
      expect(out.format).toBe(format)
      expect(out.variants.map((v) => v.width)).toEqual([480, 960, 1200])
      expect(out.variants[0]!.height).toBe(320)
      const meta = await sharp(out.variants[0]!.bytes).metadata()
      expect(meta.format).toBe('webp')
    }
  })

  it('refuses a text file named .png, an SVG and a truncated PNG', async () => {
    expect(await reason(inspectImage(Buffer.from('hello, not an image'), POLICY))).toBe('format')
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    )
    expect(await reason(processImage(svg, POLICY, { widths: [10] }))).toBe('format')
    const png = await pixels(400, 300).png().toBuffer()
    expect(
      await reason(processImage(png.subarray(0, png.length / 2), POLICY, { widths: [100] })),
    ).not.toBe('accepted')
  })

  it('refuses a 400-megapixel PNG bomb from its header, quickly', async () => {
    const started = performance.now()
    expect(await reason(processImage(pngBomb(), POLICY, { widths: [480] }))).toBe('too_many_pixels')
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('refuses formats the policy does not allow', async () => {
    const gif = await pixels(50, 50).gif().toBuffer()
    const noGif: ImagePolicy = { ...POLICY, formats: new Set(['jpeg', 'png', 'webp']) }
    expect(await reason(inspectImage(gif, noGif))).toBe('format')
  })

  it('strips metadata (EXIF, ICC) from what it writes', async () => {
    const tagged = await pixels(300, 200)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Someone', Artist: 'Camera Owner' } } })
      .toBuffer()
    expect((await sharp(tagged).metadata()).exif).toBeDefined()
    const out = await processImage(tagged, POLICY, { widths: [200] })
    const meta = await sharp(out.variants[0]!.bytes).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.icc).toBeUndefined()
  })

  it('crops square variants for avatars', async () => {
    const out = await processImage(await pixels(900, 600).png().toBuffer(), POLICY, {
      widths: [256],
      square: true,
    })
    expect(out.variants[0]).toMatchObject({ width: 256, height: 256 })
  })
})
