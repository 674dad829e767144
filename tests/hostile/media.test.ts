import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { IMAGE_MAX_BYTES } from '../../contracts/media-constants.ts'
import { multipart } from '../cluster/cluster.ts'
import { FAKE_COMMUNITY } from '../fakes/media.ts'
import {
  ENGINES,
  expectOutcomes,
  freshAddress,
  inParallel,
  runAttack,
  productionSite,
  fakeUpstreams,
} from './harness.ts'

/**
 * Work that leaves the process: calls to Discord with the bot's token, which visitors must not be
 * able to multiply, and image decoding in sharp's native memory, which the heap limit never saw.
 */
const MESSAGES_PATH = `/discord/api/v10/channels/${FAKE_COMMUNITY.galleryChannelId}/messages`
/** "At most a handful" of calls to Discord for 200 visitors' requests. */
const UPSTREAM_CALLS_HANDFUL = 10

/** Every call the site makes for gallery messages; while `refusing`, Discord answers 429. */
const gallery = { calls: 0, refusing: false }
const upstreams = fakeUpstreams((fakes) => {
  const messages = fakes.media.routes[MESSAGES_PATH]!
  return {
    [MESSAGES_PATH]: (req, res, url) => {
      gallery.calls += 1
      if (!gallery.refusing) return messages(req, res, url)
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' }).end(
        JSON.stringify({
          message: 'You are being rate limited.',
          retry_after: 30,
          global: false,
        }),
      )
    },
  }
})

/** Gallery requests that are all different pages: `before` and `limit` change every time. */
function galleryUrl(index: number): string {
  const before = (1385002712060837969n - BigInt(index) * 7919n).toString()
  return `/_api/discord/channel-images?before=${before}&limit=${1 + (index % 100)}`
}

/** 25 megapixels: a large camera's photo, half the pixel limit (decoding more only takes longer). */
const UPLOAD_SIDE = 5000
let image: Promise<Buffer> | undefined
/** A photo-like JPEG of UPLOAD_SIDE² pixels just under IMAGE_MAX_BYTES, made once per run. */
function largestImage(): Promise<Buffer> {
  image ??= (async () => {
    const side = 600
    const seedPixels = Buffer.alloc(side * side * 3)
    let state = 12345
    for (let i = 0; i < seedPixels.length; i++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff
      seedPixels[i] = state & 255
    }
    for (let quality = 93; quality > 50; quality -= 3) {
      const jpeg = await sharp(seedPixels, { raw: { width: side, height: side, channels: 3 } })
        .resize(UPLOAD_SIDE, UPLOAD_SIDE, { kernel: 'cubic' })
        .jpeg({ quality })
        .toBuffer()
      if (jpeg.length <= IMAGE_MAX_BYTES - 64 * 1024) return jpeg
    }
    throw new Error('could not make an upload image under the size limit')
  })()
  return image
}

describe.each(ENGINES)('%s', (engine) => {
  const site = productionSite(engine, upstreams.env)

  it('upstream amplification: 200 distinct gallery pages, then 200 more after a 429, cost a handful of Discord calls', async () => {
    const s = await site()
    gallery.calls = 0
    gallery.refusing = false
    const visitors = Array.from({ length: 20 }, freshAddress)
    let beforeRefusal = 0
    let refusedCall = 0
    let afterFirstRefusal = 0
    let served = 0
    const report = await runAttack(
      s,
      'upstream amplification: 2 x 200 distinct /_api/discord/channel-images',
      async (record) => {
        await inParallel(200, 20, async (i) => {
          const res = record(await s.send(galleryUrl(i), { from: visitors[i % 10] }))
          if (res.status === 200) served += 1
        })
        beforeRefusal = gallery.calls
        gallery.refusing = true
        // One request first, so that the site has been told 429 before the others come.
        record(await s.send(galleryUrl(200), { from: visitors[10] }))
        const toldToWait = gallery.calls
        await inParallel(199, 20, async (i) =>
          record(await s.send(galleryUrl(201 + i), { from: visitors[10 + (i % 10)] })),
        )
        refusedCall = toldToWait - beforeRefusal
        afterFirstRefusal = gallery.calls - toldToWait
      },
      {
        figures: () =>
          `Discord calls: ${beforeRefusal} for the first 200, ${refusedCall} answered 429, ${afterFirstRefusal} after`,
      },
    )
    expectOutcomes(report, [200, 429, '503+RA'])
    expect(served, 'visitors were shown the gallery').toBeGreaterThan(0)
    expect(beforeRefusal, 'Discord calls for 200 distinct pages').toBeLessThanOrEqual(
      UPSTREAM_CALLS_HANDFUL,
    )
    expect(refusedCall).toBeLessThanOrEqual(1)
    expect(afterFirstRefusal, 'Discord calls within its Retry-After: 30').toBe(0)
  })

  it('upload flood: 20 parallel uploads of the largest allowed image, two rounds', async () => {
    const s = await site()
    const jpeg = await largestImage()
    const cookie = await s.adminCookie()
    const report = await runAttack(
      s,
      `upload flood: 20 x ${(jpeg.length / 1024 / 1024).toFixed(1)} MB, ${UPLOAD_SIDE ** 2 / 1e6} MP JPEG, 2 rounds`,
      async (record) => {
        for (let round = 0; round < 2; round++) {
          await Promise.all(
            Array.from({ length: 20 }, async (_, i) => {
              const form = multipart([
                {
                  name: 'image',
                  file: jpeg,
                  filename: `nebula-${round}-${i}.jpg`,
                  type: 'image/jpeg',
                },
                { name: 'title', value: `Nebula ${round}-${i}` },
              ])
              record(
                await s.send('/_api/images/upload', {
                  body: form.body,
                  headers: { 'content-type': form.contentType },
                  cookie,
                  timeoutMs: 120_000,
                }),
              )
            }),
          )
        }
      },
      { maxMs: 240_000 },
    )
    // A 503 sent before the server read a body (the decode queue is full) ends the connection:
    // a client still sending that body sees EPIPE or a reset instead of the answer.
    expectOutcomes(report, [200, 201, '503+RA', 'EPIPE', 'ECONNRESET'])
    expect((report.statuses['201'] ?? 0) + (report.statuses['200'] ?? 0)).toBeGreaterThan(0)
  }, 300_000)
})
