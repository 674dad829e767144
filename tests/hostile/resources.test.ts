import { readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { RESOURCE_MAX_BYTES, type Resource } from '../../contracts/resource-constants.ts'
import {
  ADMIN,
  ENGINES,
  expectOutcomes,
  freshAddress,
  inParallel,
  postLarge,
  productionSite,
  rssMb,
  runAttack,
  send,
  signIn,
  type Site,
} from './harness.ts'

/**
 * A member resource of the largest size, sent and fetched again against the production build:
 * the file streams through the process, so resident memory grows by far less than the file.
 */
const MB = 1024 * 1024
/**
 * What an upload or a download may add to resident memory: less than the 50 MB file, which a
 * server holding it would add at least once. What it does add is the pieces read from the socket
 * and passed on, freed at the next garbage collection.
 */
const STREAM_RSS_GROWTH_MB = 40

interface Streamed {
  status: number
  body: string
}

/** A multipart upload of `size` bytes (a PDF by its first bytes) written in 1 MB pieces. */
function uploadLargest(site: Site, cookie: string, size: number): Promise<Streamed> {
  const boundary = '----hostile-resource'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nDeep-sky atlas\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="atlas.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const fill = size - '%PDF-1.7\n'.length
  return postLarge(site, {
    path: '/_api/resources/upload',
    cookie,
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + fill + tail.length,
    write: (req) =>
      void (async () => {
        const piece = Buffer.alloc(MB, 0x20)
        const write = (bytes: Buffer) =>
          req.write(bytes) ? Promise.resolve() : new Promise((r) => req.once('drain', r))
        await write(head)
        for (let left = fill; left > 0; left -= piece.length)
          await write(left >= piece.length ? piece : piece.subarray(0, left))
        req.end(tail)
      })(),
  })
}

/** A resource's download, from an address of its own, on its own connection. */
function getDownload(
  site: Site,
  cookie: string,
  id: number,
  onResponse: (res: http.IncomingMessage, req: http.ClientRequest) => void,
): http.ClientRequest {
  const req: http.ClientRequest = http.get(
    {
      host: '127.0.0.1',
      port: site.port,
      path: `/_api/resources/download?id=${id}`,
      localAddress: freshAddress(),
      agent: false,
      headers: { cookie },
    },
    (res) => onResponse(res, req),
  )
  return req
}

/** Starts a download and closes the connection once its first bytes arrive. */
function abandonDownload(site: Site, cookie: string, id: number): Promise<string> {
  return new Promise((resolve) => {
    getDownload(site, cookie, id, (res, req) => {
      res.once('data', () => {
        req.destroy()
        resolve(res.statusCode === 200 ? 'abandoned' : String(res.statusCode))
      })
      res.on('end', () => resolve(`read whole (${res.statusCode})`))
    }).on('error', () => resolve('abandoned'))
  })
}

/** Reads a download to its end without keeping it: its status, length and headers. */
function downloadCounting(site: Site, cookie: string, id: number) {
  return new Promise<{ status: number; bytes: number; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      getDownload(site, cookie, id, (res) => {
        let bytes = 0
        res.on('data', (c: Buffer) => (bytes += c.length))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, headers: res.headers }))
      }).on('error', reject)
    },
  )
}

/** The stored files of the site's resources, found through the process's own DATA_DIR. */
function privateFiles(site: Site): string[] {
  const environ = readFileSync(`/proc/${site.process.pid}/environ`, 'utf8').split('\0')
  const dataDir = environ.find((e) => e.startsWith('DATA_DIR='))!.slice('DATA_DIR='.length)
  return readdirSync(path.join(dataDir, 'private', 'resources'))
}

describe.each(ENGINES)('%s', (engine) => {
  const site = productionSite(engine)

  it('a 50 MB resource streams in and out: resident memory grows by far less than the file', async () => {
    const s = await site()
    const admin = await signIn(s.port, ADMIN)
    let resource: Resource | undefined
    const before = await rssMb(s)
    const upload = await runAttack(
      s,
      'resource upload: one 50 MB file, streamed',
      async (record) => {
        const res = await uploadLargest(s, admin, RESOURCE_MAX_BYTES)
        record({ status: res.status, headers: {} } as never)
        expect(res.status, res.body).toBe(201)
        resource = JSON.parse(res.body) as Resource
      },
      { figures: () => `RSS before ${before} MB` },
    )
    expectOutcomes(upload, [201])
    expect(resource?.size).toBe(RESOURCE_MAX_BYTES)
    expect(upload.peakRssMb - before, 'resident memory added by the upload (MB)').toBeLessThan(
      STREAM_RSS_GROWTH_MB,
    )

    const reader = await signIn(s.port, ADMIN)
    const beforeDownload = await rssMb(s)
    const download = await runAttack(
      s,
      'resource download: one 50 MB file, streamed',
      async (record) => {
        const got = await downloadCounting(s, reader, resource!.id)
        record({ status: got.status, headers: {} } as never)
        expect(got.bytes).toBe(RESOURCE_MAX_BYTES)
        expect(got.headers['content-disposition']).toMatch(/^attachment; filename="atlas\.pdf"/)
      },
      { figures: () => `RSS before ${beforeDownload} MB` },
    )
    expectOutcomes(download, [200])
    expect(
      download.peakRssMb - beforeDownload,
      'resident memory added by the download (MB)',
    ).toBeLessThan(STREAM_RSS_GROWTH_MB)
  }, 240_000)

  it('downloads abandoned after their first bytes leave the server up and answering', async () => {
    const s = await site()
    const admin = await signIn(s.port, ADMIN)
    const upload = await uploadLargest(s, admin, 8 * MB)
    expect(upload.status, upload.body).toBe(201)
    const { id } = JSON.parse(upload.body) as Resource
    const report = await runAttack(
      s,
      'resource downloads: 40 abandoned after the first bytes',
      async (record) => {
        await inParallel(40, 8, () =>
          abandonDownload(s, admin, id).then((key) => record.count(key)),
        )
      },
    )
    expectOutcomes(report, ['abandoned'])
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(s.process.exitCode, 'the server process is still running').toBeNull()
    expect((await send(s.port, '/healthz')).status).toBe(200)
  }, 120_000)

  it('one byte past 50 MB is refused, and no path under /uploads/ reaches a stored resource', async () => {
    const s = await site()
    const admin = await signIn(s.port, ADMIN)
    const stored = privateFiles(s)
    expect(stored.length).toBeGreaterThan(0)
    const over = await uploadLargest(s, admin, RESOURCE_MAX_BYTES + 1)
    expect(over.status).toBe(413)
    expect(JSON.parse(over.body)).toMatchObject({ error: 'The file is larger than 50 MB.' })
    expect(privateFiles(s)).toEqual(stored)
    // Raw paths, as a client that does not normalise them sends them.
    const file = stored[0]!
    for (const raw of [
      `/uploads/private/resources/${file}`,
      `/uploads/../private/resources/${file}`,
      `/uploads/%2e%2e/private/resources/${file}`,
      `/uploads/..%2Fprivate%2Fresources%2F${file}`,
      `/uploads/private%2Fresources%2F${file}`,
      `/uploads/..\\private\\resources\\${file}`,
      `/uploads/%2E%2E%5Cprivate%5Cresources%5C${file}`,
      `/private/resources/${file}`,
    ]) {
      const res = await send(s.port, raw, { keepBody: true })
      expect(res.status, raw).toBeGreaterThanOrEqual(400)
      expect(res.status, raw).toBeLessThan(500)
      expect(res.body.subarray(0, 8).toString('latin1'), raw).not.toBe('%PDF-1.7')
    }
  }, 240_000)
})
