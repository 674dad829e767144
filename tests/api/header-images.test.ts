import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HeaderImage, MEDIA_MESSAGES } from '../../contracts/media.ts'
import { pngBomb } from '../support/images.ts'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'

let t: TestApp
const clock = testClock()
let admin: string
let member: string
beforeAll(async () => {
  t = await createTestApp({ clock })
  admin = (await t.signedIn('admin')).cookie
  member = (await t.signedIn('user')).cookie
})
afterAll(() => t.close())

const photo = (w = 2000, h = 1000, format: 'png' | 'jpeg' | 'webp' = 'jpeg') =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 10, g: 20, b: 60 } } })
    .toFormat(format)
    .toBuffer()

function form(fields: {
  image?: Buffer | string
  name?: string
  type?: string
  title?: string
  description?: string
}) {
  const body = new FormData()
  if (fields.image !== undefined)
    body.append(
      'image',
      new File(
        [typeof fields.image === 'string' ? fields.image : new Uint8Array(fields.image)],
        fields.name ?? 'milky-way.jpg',
        {
          type: fields.type ?? 'image/jpeg',
        },
      ),
    )
  if (fields.title !== undefined) body.append('title', fields.title)
  if (fields.description !== undefined) body.append('description', fields.description)
  return body
}
const upload = (body: FormData, cookie = admin) =>
  t.request('/_api/images/upload', { body, cookie })
const list = async () => ((await t.request('/_api/images/list')).json.images as HeaderImage[]) ?? []
const fileOf = (url: string) => path.join(t.config.dataDir, url)

describe('header images', () => {
  it('uploads a real photo: WebP variants for srcset, metadata gone, listed newest first', async () => {
    const res = await upload(
      form({ image: await photo(), title: 'Milky Way over the lake', description: 'Summer' }),
    )
    expect(res.status).toBe(201)
    const image = res.json as unknown as HeaderImage
    expect(image).toMatchObject({
      title: 'Milky Way over the lake',
      description: 'Summer',
      name: 'milky-way.jpg',
    })
    expect(image.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['480w', '960w', '1600w'])
    expect(image.url).toMatch(/^\/uploads\/header-images\/.+-1600\.webp$/)
    expect(image).toMatchObject({ width: 1600, height: 800 })
    for (const entry of image.srcset.split(', ')) {
      const url = entry.split(' ')[0]!
      expect(existsSync(fileOf(url))).toBe(true)
      const served = await t.request(url)
      expect(served.status).toBe(200)
    }
    clock.advance(1000)
    const second = await upload(
      form({
        image: await photo(800, 600, 'png'),
        name: 'moon.png',
        type: 'image/png',
        title: 'Moon',
      }),
    )
    expect(second.status).toBe(201)
    expect((second.json as unknown as HeaderImage).srcset.split(', ')).toHaveLength(2) // 480 and 800
    const images = await list()
    expect(images[0]!.title).toBe('Moon')
    expect(images[1]!.title).toBe('Milky Way over the lake')
  })

  it('checks every rule with the spec messages', async () => {
    const cases: Array<[FormData, string]> = [
      [form({ title: 'No file' }), MEDIA_MESSAGES.imageRequired],
      [form({ image: Buffer.alloc(0), title: 'Empty' }), MEDIA_MESSAGES.imageEmpty],
      [form({ image: await photo(), title: '  ' }), MEDIA_MESSAGES.titleRequired],
      [
        form({
          image: Buffer.from('just text'),
          name: 'fake.png',
          type: 'image/png',
          title: 'Text',
        }),
        MEDIA_MESSAGES.imageType,
      ],
      [
        form({
          image: await sharp({ create: { width: 40, height: 40, channels: 3, background: 'red' } })
            .gif()
            .toBuffer(),
          name: 'anim.gif',
          type: 'image/gif',
          title: 'GIF',
        }),
        MEDIA_MESSAGES.imageType,
      ],
      [
        form({
          image: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
          name: 'x.jpg',
          title: 'SVG',
        }),
        MEDIA_MESSAGES.imageType,
      ],
      [
        form({ image: Buffer.alloc(5 * 1024 * 1024 + 1, 1), title: 'Huge' }),
        MEDIA_MESSAGES.imageTooLarge,
      ],
      [
        form({ image: pngBomb(), name: 'bomb.png', type: 'image/png', title: 'Bomb' }),
        'The image is too large in pixels (at most 50 megapixels).',
      ],
    ]
    const before = (await list()).length
    for (const [body, message] of cases) {
      const res = await upload(body)
      expect(res.status, message).toBe(400)
      expect(res.json.error).toBe(message)
    }
    expect(await list()).toHaveLength(before)
  })

  it('keeps a file name without its control and text-direction characters', async () => {
    const res = await upload(
      form({ image: await photo(600, 400), name: '\u0000ring\u202Es\u0007.jpg', title: 'Rings' }),
    )
    expect(res.status).toBe(201)
    expect((res.json as unknown as HeaderImage).name).toBe('rings.jpg')
  })

  it('decides by content: a real PNG named .txt with a wrong type is accepted as an image', async () => {
    const res = await upload(
      form({
        image: await photo(600, 400, 'png'),
        name: 'notes.txt',
        type: 'text/plain',
        title: 'Renamed',
      }),
    )
    expect(res.status).toBe(201)
  })

  it('is for admins only', async () => {
    expect((await upload(form({ image: await photo(), title: 'x' }), '')).status).toBe(401)
    expect((await upload(form({ image: await photo(), title: 'x' }), member)).status).toBe(403)
    expect(
      (await t.request('/_api/images/delete', { json: { key: 'abc' }, cookie: member })).status,
    ).toBe(403)
  })

  it('deletes the record and every file; an unknown key is 404', async () => {
    const image = (await upload(form({ image: await photo(), title: 'To delete' })))
      .json as unknown as HeaderImage
    const urls = image.srcset.split(', ').map((s) => s.split(' ')[0]!)
    const res = await t.request('/_api/images/delete', { json: { key: image.key }, cookie: admin })
    expect(res.status).toBe(200)
    for (const url of urls) expect(existsSync(fileOf(url))).toBe(false)
    expect((await list()).some((i) => i.key === image.key)).toBe(false)
    const again = await t.request('/_api/images/delete', {
      json: { key: image.key },
      cookie: admin,
    })
    expect(again.status).toBe(404)
    const empty = await t.request('/_api/images/delete', { json: { key: '' }, cookie: admin })
    expect(empty.status).toBe(400)
    expect(empty.json.error).toBe(MEDIA_MESSAGES.imageKeyRequired)
    const traversal = await t.request('/_api/images/delete', {
      json: { key: '../site.db' },
      cookie: admin,
    })
    expect(traversal.status).toBe(400)
  })
})
