import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  RESOURCE_MAX_BYTES,
  RESOURCE_MESSAGES,
  type Resource,
  type ResourceListResponse,
} from '../../contracts/resources.ts'
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '../support/s3-server.ts'
import { EXECUTABLES, RESOURCE_SAMPLES } from '../support/resource-files.ts'
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
afterAll(() => t?.close())

function form(fields: {
  file?: Buffer
  name?: string
  type?: string
  title?: string
  description?: string
}) {
  const body = new FormData()
  if (fields.title !== undefined) body.append('title', fields.title)
  if (fields.description !== undefined) body.append('description', fields.description)
  if (fields.file !== undefined)
    body.append(
      'file',
      new File([new Uint8Array(fields.file)], fields.name ?? 'chart.pdf', {
        type: fields.type ?? 'application/pdf',
      }),
    )
  return body
}

const upload = (app: TestApp, body: FormData, cookie = admin) =>
  app.request('/_api/resources/upload', { body, cookie })

async function uploaded(app: TestApp, fields: Parameters<typeof form>[0]): Promise<Resource> {
  const res = await upload(app, form({ title: 'A chart', ...fields }))
  expect(res.status, res.text).toBe(201)
  return res.json as unknown as Resource
}

const list = async (app: TestApp, cookie: string) =>
  (await app.request('/_api/resources/list', { cookie })).json as unknown as ResourceListResponse

/** The download as the browser gets it: status, headers and the bytes. */
async function download(app: TestApp, id: number | string, cookie?: string) {
  const res = await app.app.request(
    `http://localhost/_api/resources/download?id=${id}`,
    { headers: cookie ? { cookie } : {}, redirect: 'manual' },
    { incoming: { socket: { remoteAddress: '203.0.113.9' } } } as never,
  )
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

/** Every file under DATA_DIR/private, temporaries included. */
function privateFiles(app: TestApp): string[] {
  const dir = path.join(app.config.dataDir, 'private', 'resources')
  return existsSync(dir) ? readdirSync(dir) : []
}

/**
 * A multipart body sent as a stream, as a browser sends a large file: the fields, then `file`
 * with `head` and `fillBytes` more bytes; `cut` ends the body before the form's end.
 */
function streamedUpload(options: {
  head: Buffer
  fillBytes: number
  fields?: Record<string, string>
  cut?: boolean
  after?: string
  /** The file name as written in the part's header (quotes escaped with a backslash). */
  fileName?: string
}) {
  const boundary = '----resource-test-boundary'
  const enc = new TextEncoder()
  let fieldText = ''
  for (const [name, value] of Object.entries(options.fields ?? { title: 'Big' }))
    fieldText += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.fileName ?? 'big.pdf'}"\r\nContent-Type: application/pdf\r\n\r\n`
  const tail = options.after
    ? `\r\n--${boundary}\r\nContent-Disposition: form-data; name="late"\r\n\r\n${options.after}\r\n--${boundary}--\r\n`
    : `\r\n--${boundary}--\r\n`
  const chunk = Buffer.alloc(256 * 1024, 0x41)
  let left = options.fillBytes
  let stage = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 0) {
        controller.enqueue(enc.encode(fieldText + fileHead))
        controller.enqueue(new Uint8Array(options.head))
        stage = 1
      } else if (left > 0) {
        const n = Math.min(left, chunk.length)
        controller.enqueue(new Uint8Array(chunk.subarray(0, n)))
        left -= n
      } else {
        if (!options.cut) controller.enqueue(enc.encode(tail))
        controller.close()
      }
    },
  })
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

async function sendStreamed(
  app: TestApp,
  stream: ReturnType<typeof streamedUpload>,
  cookie = admin,
) {
  const res = await app.app.request(
    'http://localhost/_api/resources/upload',
    {
      method: 'POST',
      headers: { cookie, 'content-type': stream.contentType },
      body: stream.body,
      duplex: 'half',
    } as RequestInit,
    { incoming: { socket: { remoteAddress: '203.0.113.10' } } } as never,
  )
  return { status: res.status, json: (await res.json()) as { error?: string } }
}

describe('resources: who may do what', () => {
  it('answers 401 to visitors, lets members read and download, and only admins write', async () => {
    const resource = await uploaded(t, { file: RESOURCE_SAMPLES['application/pdf'] })
    const calls = [
      ['/_api/resources/list', {}],
      [`/_api/resources/download?id=${resource.id}`, {}],
      [
        '/_api/resources/upload',
        { body: form({ title: 'x', file: RESOURCE_SAMPLES['image/png'] }) },
      ],
      ['/_api/resources/update', { json: { id: resource.id, title: 'x' } }],
      ['/_api/resources/delete', { json: { id: resource.id } }],
    ] as const
    for (const [url, options] of calls) {
      const res = await t.request(url, options)
      expect(res.status, `anonymous ${url}`).toBe(401)
    }
    for (const [url, options] of calls.slice(2)) {
      const res = await t.request(url, { ...options, cookie: member })
      expect(res.status, `member ${url}`).toBe(403)
    }
    const asMember = await list(t, member)
    expect(asMember.resources.map((r) => r.id)).toContain(resource.id)
    expect(asMember.resources[0]).not.toHaveProperty('downloadCount')
    expect((await download(t, resource.id, member)).status).toBe(200)
    expect((await list(t, admin)).resources.find((r) => r.id === resource.id)).toMatchObject({
      downloadCount: 1,
    })
  })

  it('lists newest first with size, type and date, paged', async () => {
    const first = await uploaded(t, { title: 'Older', file: RESOURCE_SAMPLES['image/png'] })
    clock.advance(60_000)
    const second = await uploaded(t, { title: 'Newer', file: RESOURCE_SAMPLES['image/jpeg'] })
    const page = await list(t, member)
    const ids = page.resources.map((r) => r.id)
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id))
    expect(page.resources.find((r) => r.id === second.id)).toMatchObject({
      title: 'Newer',
      description: null,
      size: RESOURCE_SAMPLES['image/jpeg'].length,
      contentType: 'image/jpeg',
    })
    const one = (await t.request('/_api/resources/list?limit=1&page=2', { cookie: member }))
      .json as unknown as ResourceListResponse
    expect(one.resources).toHaveLength(1)
    expect(one.pagination).toMatchObject({ page: 2, limit: 1 })
    expect((await t.request('/_api/resources/list?limit=101', { cookie: member })).status).toBe(400)
  })
})

describe('resources: what may be uploaded', () => {
  it('accepts each type by its content, whatever its name and declared type', async () => {
    for (const [type, bytes] of Object.entries(RESOURCE_SAMPLES)) {
      const resource = await uploaded(t, { file: bytes, name: 'notes.txt', type: 'text/plain' })
      expect(resource.contentType).toBe(type)
      expect(resource.size).toBe(bytes.length)
      const got = await download(t, resource.id, member)
      expect(got.status).toBe(200)
      expect(got.headers.get('content-type')).toBe(type)
      expect(got.bytes.equals(bytes)).toBe(true)
    }
  })

  it('refuses programs renamed as documents, and anything else, storing nothing', async () => {
    const before = privateFiles(t).length
    for (const [kind, bytes] of Object.entries(EXECUTABLES)) {
      const res = await upload(t, form({ title: kind, file: bytes, name: 'star-chart.pdf' }))
      expect(res.status, kind).toBe(400)
      expect(res.json.error).toBe(RESOURCE_MESSAGES.executableRefused)
    }
    for (const bytes of [Buffer.from('just some text'), Buffer.from('<svg xmlns="x"/>')]) {
      const res = await upload(
        t,
        form({ title: 'Text', file: bytes, name: 'image.png', type: 'image/png' }),
      )
      expect(res.status).toBe(400)
      expect(res.json.error).toBe(RESOURCE_MESSAGES.typeRefused)
    }
    const empty = await upload(t, form({ title: 'Empty', file: Buffer.alloc(0) }))
    expect(empty.json.error).toBe(RESOURCE_MESSAGES.emptyFile)
    expect(privateFiles(t)).toHaveLength(before)
  })

  it('checks the fields with their messages', async () => {
    const pdf = RESOURCE_SAMPLES['application/pdf']
    expect((await upload(t, form({ title: 'No file' }))).json.error).toBe(
      RESOURCE_MESSAGES.fileRequired,
    )
    expect((await upload(t, form({ title: '  ', file: pdf }))).json.error).toBe(
      RESOURCE_MESSAGES.titleRequired,
    )
    const twice = form({ title: 'Two', file: pdf })
    twice.append('file', new File([new Uint8Array(pdf)], 'b.pdf'))
    const res = await upload(t, twice)
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(RESOURCE_MESSAGES.fileLast)
    const late = await sendStreamed(
      t,
      streamedUpload({ head: pdf, fillBytes: 10, after: 'a field after the file' }),
    )
    expect(late).toEqual({
      status: 400,
      json: expect.objectContaining({ error: RESOURCE_MESSAGES.fileLast }),
    })
  })

  it('keeps a harmless name: no path, no control characters, no quotes, no leading dots', async () => {
    const pdf = RESOURCE_SAMPLES['application/pdf']
    const cases: Array<[string, string]> = [
      ['../../../etc/passwd.pdf', 'passwd.pdf'],
      ['..\\..\\windows\\win.ini', 'win.ini.pdf'],
      ['..', 'download.pdf'],
      ['.hidden.pdf', 'hidden.pdf'],
      ['%2e%2e%2fsecret.pdf', '%2e%2e%2fsecret.pdf'],
      // A browser sends a quote as %22 and a line break as %0A.
      ['a\u0001b\u202ec%22d:e%0A.pdf', 'abc_d_e.pdf'],
      ['Étoile du soir.pdf', 'Étoile du soir.pdf'],
    ]
    for (const [fileName, safe] of cases) {
      const res = await sendStreamed(t, streamedUpload({ head: pdf, fillBytes: 100, fileName }))
      expect(res.status, fileName).toBe(201)
      const resource = res.json as unknown as Resource
      expect(resource.fileName, fileName).toBe(safe)
      const got = await download(t, resource.id, member)
      const disposition = got.headers.get('content-disposition')!
      expect(disposition.startsWith('attachment; filename="')).toBe(true)
      // The quoted fallback is plain ASCII without quotes, backslashes or slashes inside.
      const fallback = /filename="([^"]*)"/.exec(disposition)![1]!
      expect(fallback).toMatch(/^[\x20-\x7e]*$/)
      expect(fallback).not.toMatch(/[\\/]/)
      const extended = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!
      expect(decodeURIComponent(extended)).toBe(safe)
      expect(got.headers.get('x-content-type-options')).toBe('nosniff')
    }
    // Whatever the names, every file is under the private folder with a name of the server's.
    for (const file of privateFiles(t)) expect(file).toMatch(/^[0-9a-f]{32}\.[a-z]+$/)
    expect(existsSync(path.join(t.config.dataDir, 'etc'))).toBe(false)
  })
})

describe('resources: large and broken uploads', () => {
  it('streams a file of exactly 50 MB, and refuses one byte more before it is stored', async () => {
    const pdf = RESOURCE_SAMPLES['application/pdf']
    const fits = await sendStreamed(
      t,
      streamedUpload({ head: pdf, fillBytes: RESOURCE_MAX_BYTES - pdf.length }),
    )
    expect(fits.status, fits.json.error).toBe(201)
    expect((fits.json as unknown as Resource).size).toBe(RESOURCE_MAX_BYTES)
    const files = privateFiles(t)
    const over = await sendStreamed(
      t,
      streamedUpload({ head: pdf, fillBytes: RESOURCE_MAX_BYTES - pdf.length + 1 }),
    )
    expect(over).toEqual({
      status: 413,
      json: expect.objectContaining({ error: RESOURCE_MESSAGES.tooLarge }),
    })
    expect(privateFiles(t)).toEqual(files)
    // A declared length past the endpoint's limit is refused before any of it is read (by the
    // endpoint's own limit: an import's larger one lets it past the limit of every /_api body).
    const declared = await t.request('/_api/resources/upload', {
      cookie: admin,
      body: 'x',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(RESOURCE_MAX_BYTES + 1024 * 1024),
      },
    })
    expect(declared.status).toBe(413)
    expect(declared.json.error).toBe(RESOURCE_MESSAGES.tooLarge)
  }, 120_000)

  it('leaves nothing behind when the body ends before the form does', async () => {
    const files = privateFiles(t)
    const cut = await sendStreamed(
      t,
      streamedUpload({
        head: RESOURCE_SAMPLES['application/zip'],
        fillBytes: 3 * 1024 * 1024,
        cut: true,
      }),
    )
    expect(cut).toEqual({
      status: 400,
      json: expect.objectContaining({ error: RESOURCE_MESSAGES.truncated }),
    })
    expect(privateFiles(t)).toEqual(files)
  })
})

describe('resources: changes and downloads', () => {
  it('edits the title and description, deletes the record with its file', async () => {
    const resource = await uploaded(t, { file: RESOURCE_SAMPLES['image/webp'], description: 'Old' })
    const updated = await t.request('/_api/resources/update', {
      cookie: admin,
      json: { id: resource.id, title: 'Orion wallpaper', description: 'For phones' },
    })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({ title: 'Orion wallpaper', description: 'For phones' })
    const missing = await t.request('/_api/resources/update', {
      cookie: admin,
      json: { id: 999_999, title: 'x' },
    })
    expect(missing.status).toBe(404)
    const files = privateFiles(t).length
    expect(
      (await t.request('/_api/resources/delete', { cookie: admin, json: { id: resource.id } }))
        .status,
    ).toBe(200)
    expect(privateFiles(t)).toHaveLength(files - 1)
    expect((await download(t, resource.id, member)).status).toBe(404)
  })

  it('answers 404 for an unknown id, 400 for a malformed one, and counts each download', async () => {
    expect((await download(t, 987_654, member)).status).toBe(404)
    expect((await download(t, 'abc', member)).status).toBe(400)
    const resource = await uploaded(t, {
      file: RESOURCE_SAMPLES['application/fits'],
      name: 'm42.fits',
    })
    for (let i = 0; i < 3; i++) expect((await download(t, resource.id, member)).status).toBe(200)
    const counted = (await list(t, admin)).resources.find((r) => r.id === resource.id)
    expect(counted?.downloadCount).toBe(3)
  })

  it('never serves a resource from the public uploads path', async () => {
    const marker = `private marker ${Date.now()}`
    const pdf = Buffer.concat([RESOURCE_SAMPLES['application/pdf'], Buffer.from(marker)])
    await uploaded(t, { file: pdf })
    const dir = path.join(t.config.dataDir, 'private', 'resources')
    const file = privateFiles(t).find((f) => readFileSync(path.join(dir, f)).equals(pdf))!
    expect(file).toBeDefined()
    for (const url of [
      `/uploads/private/resources/${file}`,
      `/uploads/private%2Fresources%2F${file}`,
      `/uploads/%2e%2e/private/resources/${file}`,
      `/uploads/..%2fprivate%2fresources%2f${file}`,
      `/uploads/resources/${file}`,
      `/private/resources/${file}`,
    ]) {
      const res = await t.request(url)
      expect(res.status, url).toBe(404)
      expect(res.text).not.toContain(marker)
    }
  })
})

describe('resources on S3', () => {
  let s3: TestS3Server
  let app: TestApp
  let cookie: string
  beforeAll(async () => {
    s3 = await startS3Server()
    app = await createTestApp({
      env: {
        STORAGE_URL: `s3://${s3.bucket}/site?endpoint=${s3.endpoint}&region=us-east-1`,
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      },
    })
    cookie = (await app.signedIn('admin')).cookie
  })
  afterAll(async () => {
    await app?.close()
    await s3?.stop()
  })

  const objects = () => {
    const dir = path.join(s3.directory, s3.bucket, 'site', 'private', 'resources')
    return existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith('.')) : []
  }

  it('uploads in parts and redirects a download to a short-lived signed URL', async () => {
    // Larger than one part (5 MiB): a multipart upload.
    const big = Buffer.concat([
      RESOURCE_SAMPLES['application/zip'],
      Buffer.alloc(6 * 1024 * 1024, 7),
    ])
    const res = await upload(
      app,
      form({ title: 'Atlas', file: big, name: 'atlas (v2).zip' }),
      cookie,
    )
    expect(res.status, res.text).toBe(201)
    const resource = res.json as unknown as Resource
    expect(resource).toMatchObject({
      size: big.length,
      contentType: 'application/zip',
      fileName: 'atlas (v2).zip',
    })

    const member = (await app.signedIn('user')).cookie
    const got = await download(app, resource.id, member)
    expect(got.status).toBe(302)
    expect(got.headers.get('cache-control')).toBe('no-store')
    const signed = new URL(got.headers.get('location')!)
    expect(signed.origin).toBe(s3.endpoint)
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('60')
    const fetched = await fetch(signed)
    expect(fetched.status).toBe(200)
    expect(fetched.headers.get('content-disposition')).toBe(
      `attachment; filename="atlas (v2).zip"; filename*=UTF-8''atlas%20%28v2%29.zip`,
    )
    expect(Buffer.from(await fetched.arrayBuffer()).equals(big)).toBe(true)
    expect((await list(app, cookie)).resources[0]!.downloadCount).toBe(1)

    const deleted = await app.request('/_api/resources/delete', {
      cookie,
      json: { id: resource.id },
    })
    expect(deleted.status).toBe(200)
    expect((await fetch(signed)).status).toBe(404)
  })

  it('aborts a multipart upload that is cut off: no object is left', async () => {
    const before = objects()
    const stream = streamedUpload({
      head: RESOURCE_SAMPLES['application/pdf'],
      fillBytes: 7 * 1024 * 1024,
      cut: true,
    })
    const res = await sendStreamed(app, stream, cookie)
    expect(res.status).toBe(400)
    expect(objects()).toEqual(before)
  })
})
