import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/** s3rver's one account (it checks request signatures against it). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const

export interface TestS3Server {
  /** The endpoint, e.g. http://127.0.0.1:41234 (path-style addressing). */
  endpoint: string
  bucket: string
  /** Where s3rver keeps the objects on disk. */
  directory: string
  stop(): Promise<void>
}

/** An S3-compatible server on loopback with one empty bucket, its objects in a temporary folder. */
export async function startS3Server(bucket = 'site-uploads', port = 0): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    // Path-style only: the bucket is never read from the Host header.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  })
  const address = await server.run()
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    directory,
    async stop() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
