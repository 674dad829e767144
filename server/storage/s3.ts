import { createRequire } from 'node:module'
import { Readable } from 'node:stream'
import type * as S3 from '@aws-sdk/client-s3'
import type * as Presigner from '@aws-sdk/s3-request-presigner'
import type { S3Location } from '../config.ts'
import {
  assertStorageKey,
  contentTypeOf,
  readObject,
  type Storage,
  type StorageUrlOptions,
  type StoredObject,
  type StoredObjectInfo,
  storageUrls,
} from './storage.ts'

/** A stream is sent in parts of this size (S3's smallest but the last): the most one upload holds. */
export const S3_PART_BYTES = 5 * 1024 * 1024

export interface S3StorageOptions extends StorageUrlOptions, S3Location {
  /** How long one request to the store may take before it fails. */
  timeoutMs?: number
}

export interface S3Storage extends Storage {
  /** Closes the client's sockets (at shutdown). */
  close(): void
}

/** Uploads in an S3-compatible bucket; the site streams them at /uploads/{key} (or a CDN does). */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  // Loaded only when configured: a site on disk never pays for the SDK.
  const sdk = createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof S3
  const timeoutMs = options.timeoutMs ?? 30_000
  const client = new sdk.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // A copy: the SDK marks the object it is given, and the configuration is not its to change.
    credentials: options.credentials && { ...options.credentials },
    // The SDK's default checksums (CRC32 headers and trailers) are not understood by every
    // S3-compatible store; send and check them only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: Math.min(timeoutMs, 5_000), requestTimeout: timeoutMs },
    maxAttempts: 3,
  })
  const objectKey = (key: string) =>
    options.prefix ? `${options.prefix}/${assertStorageKey(key)}` : assertStorageKey(key)

  const open = async (key: string): Promise<StoredObject | null> => {
    const Key = objectKey(key)
    let output: S3.GetObjectCommandOutput
    try {
      output = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key }))
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
    if (!(output.Body instanceof Readable)) throw new Error('S3 returned no readable body')
    return {
      body: output.Body,
      contentType: output.ContentType || contentTypeOf(key),
      contentLength: output.ContentLength ?? null,
      etag: output.ETag ?? null,
      lastModified: output.LastModified ?? null,
    }
  }

  const stat = async (key: string): Promise<StoredObjectInfo | null> => {
    let output: S3.HeadObjectCommandOutput
    try {
      output = await client.send(
        new sdk.HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }),
      )
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
    return {
      contentType: output.ContentType || contentTypeOf(key),
      contentLength: output.ContentLength ?? null,
      etag: output.ETag ?? null,
      lastModified: output.LastModified ?? null,
    }
  }

  const putObject = (Key: string, bytes: Uint8Array, contentType: string, cacheControl?: string) =>
    client.send(
      new sdk.PutObjectCommand({
        Bucket: options.bucket,
        Key,
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: contentType,
        CacheControl: cacheControl,
      }),
    )

  /** One object from a stream: a single PUT when it fits in one part, else a multipart upload. */
  async function putStream(
    key: string,
    body: AsyncIterable<Uint8Array>,
    contentType: string,
  ): Promise<number> {
    const Key = objectKey(key)
    let part: Uint8Array[] = []
    let partBytes = 0
    let size = 0
    let uploadId: string | undefined
    const parts: S3.CompletedPart[] = []
    const sendPart = async () => {
      if (uploadId === undefined) {
        const created = await client.send(
          new sdk.CreateMultipartUploadCommand({
            Bucket: options.bucket,
            Key,
            ContentType: contentType,
          }),
        )
        if (!created.UploadId) throw new Error('S3 started no multipart upload')
        uploadId = created.UploadId
      }
      const PartNumber = parts.length + 1
      const bytes = Buffer.concat(part, partBytes)
      part = []
      partBytes = 0
      const sent = await client.send(
        new sdk.UploadPartCommand({
          Bucket: options.bucket,
          Key,
          UploadId: uploadId,
          PartNumber,
          Body: bytes,
          ContentLength: bytes.byteLength,
        }),
      )
      parts.push({ PartNumber, ETag: sent.ETag })
    }
    try {
      for await (const chunk of body) {
        part.push(chunk)
        partBytes += chunk.byteLength
        size += chunk.byteLength
        if (partBytes >= S3_PART_BYTES) await sendPart()
      }
      if (uploadId === undefined) {
        await putObject(Key, Buffer.concat(part, partBytes), contentType)
        return size
      }
      if (partBytes > 0) await sendPart()
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket: options.bucket,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      )
      return size
    } catch (error) {
      if (uploadId !== undefined) {
        await client
          .send(
            new sdk.AbortMultipartUploadCommand({
              Bucket: options.bucket,
              Key,
              UploadId: uploadId,
            }),
          )
          .catch(() => undefined)
      }
      throw error
    }
  }

  return {
    async put(key, bytes, contentType) {
      // One PUT: the store makes the object visible whole, or not at all.
      await putObject(objectKey(key), bytes, contentType, 'public, max-age=86400')
    },
    putStream,
    async signedUrl(key, { expiresInSeconds, contentType, contentDisposition }) {
      // Loaded with the SDK, only where a signed URL is asked for.
      const { getSignedUrl } = createRequire(import.meta.url)(
        '@aws-sdk/s3-request-presigner',
      ) as typeof Presigner
      return getSignedUrl(
        client,
        new sdk.GetObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          ResponseContentType: contentType,
          ResponseContentDisposition: contentDisposition,
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: expiresInSeconds },
      )
    },
    async delete(key) {
      try {
        await client.send(
          new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }),
        )
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible stores answer 404.
        if (!isNotFound(error)) throw error
      }
    },
    ...storageUrls(options),
    open,
    stat,
    async get(key) {
      const object = await open(key)
      return object && readObject(object)
    },
    async *list() {
      const base = options.prefix ? `${options.prefix}/` : ''
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: options.bucket,
            Prefix: base || undefined,
            ContinuationToken,
          }),
        )
        for (const object of page.Contents ?? []) {
          // Objects under another site's prefix that starts with ours ("site-a" and "site-ab")
          // never match: the prefix ends at a slash.
          if (object.Key?.startsWith(base)) yield object.Key.slice(base.length)
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    close() {
      client.destroy()
    },
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}
