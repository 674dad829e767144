import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const base = { DATA_DIR: '/tmp/site-config-test', SESSION_SECRET: 'x'.repeat(40) }

describe('storage configuration', () => {
  it('keeps uploads on disk by default', () => {
    expect(loadConfig(base).storage).toEqual({ kind: 'disk', publicBaseUrl: undefined })
    expect(loadConfig({ ...base, STORAGE_URL: '' }).storage.kind).toBe('disk')
    expect(
      loadConfig({ ...base, STORAGE_PUBLIC_URL: 'https://cdn.example.org/uploads/' }).storage,
    ).toEqual({ kind: 'disk', publicBaseUrl: 'https://cdn.example.org/uploads' })
  })

  it('reads an S3-compatible bucket, its prefix, endpoint, region and addressing from STORAGE_URL', () => {
    const storage = loadConfig({
      ...base,
      STORAGE_URL:
        's3://astro-uploads/site-a/?endpoint=https://minio.internal:9000/&region=eu-central-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      STORAGE_PUBLIC_URL: 'https://cdn.example.org/site-a',
    }).storage
    expect(storage).toEqual({
      kind: 's3',
      bucket: 'astro-uploads',
      prefix: 'site-a',
      endpoint: 'https://minio.internal:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      publicBaseUrl: 'https://cdn.example.org/site-a',
    })
    // AWS itself: no endpoint, virtual-hosted addressing, keys from the AWS_* chain.
    expect(
      loadConfig({ ...base, STORAGE_URL: 's3://astro-uploads?pathStyle=false' }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'astro-uploads',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
      publicBaseUrl: undefined,
    })
  })

  it('explains each mistake', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ STORAGE_URL: '/srv/uploads' }, /STORAGE_URL: use s3:\/\/bucket/],
      [{ STORAGE_URL: 'https://s3.amazonaws.com/bucket' }, /STORAGE_URL: use s3:\/\/bucket/],
      [{ STORAGE_URL: 's3://Bad_Bucket' }, /"bad_bucket" is not a bucket name|not a bucket name/],
      [{ STORAGE_URL: 's3://ab' }, /not a bucket name/],
      [{ STORAGE_URL: 's3://key:secret@bucket1' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
      [{ STORAGE_URL: 's3://bucket1/a/../b' }, /prefix/],
      [{ STORAGE_URL: 's3://bucket1/a b' }, /prefix/],
      [{ STORAGE_URL: 's3://bucket1?endpoint=minio:9000' }, /endpoint must be/],
      [{ STORAGE_URL: 's3://bucket1?endpoint=http://x:9000/path' }, /endpoint must be/],
      [{ STORAGE_URL: 's3://bucket1?region=EU West' }, /region must look like/],
      [{ STORAGE_URL: 's3://bucket1?pathstyle=true' }, /unknown parameter "pathstyle"/],
      [{ STORAGE_URL: 's3://bucket1?pathStyle=yes' }, /pathStyle must be true/],
      [{ STORAGE_URL: 's3://bucket1', S3_ACCESS_KEY_ID: 'key' }, /set both/],
      [{ STORAGE_PUBLIC_URL: 'cdn.example.org' }, /STORAGE_PUBLIC_URL must be a full URL/],
      [{ STORAGE_PUBLIC_URL: 'ftp://cdn.example.org' }, /STORAGE_PUBLIC_URL must be a full URL/],
    ]
    for (const [env, message] of cases) {
      const load = () => loadConfig({ ...base, ...env })
      expect(load, JSON.stringify(env)).toThrow(ConfigError)
      expect(load, JSON.stringify(env)).toThrow(message)
    }
  })
})
