import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { PassThrough, type Writable } from 'node:stream'
import type { BackupConfig } from '../config.ts'
import { createS3Storage } from '../storage/s3.ts'

/**
 * Where scheduled backups are kept: a folder, or a prefix in the storage's bucket. An archive only
 * appears under its name once whole — renamed from `.partial` on disk, completed as one upload in
 * the bucket — so a failed backup never looks like a good one.
 */
export interface BackupTarget {
  /** The folder, or s3://bucket/prefix. */
  where: string
  /** The file name an archive made at `at` gets. */
  nameFor(at: Date): string
  /** The archive's location (a path, or s3://… key) as the record keeps it. */
  locationOf(name: string): string
  write(name: string, produce: (out: Writable) => Promise<unknown>): Promise<{ bytes: number }>
  remove(location: string): Promise<void>
  close(): void
}

const stampOf = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-')

export function createBackupTarget(target: BackupConfig['target']): BackupTarget {
  if (target.kind === 'disk') {
    const { dir } = target
    return {
      where: dir,
      nameFor: (at) => `site-backup-${stampOf(at)}.tar.gz`,
      locationOf: (name) => path.join(dir, name),
      async write(name, produce) {
        await mkdir(dir, { recursive: true, mode: 0o700 })
        const file = path.join(dir, name)
        const partial = `${file}.partial`
        try {
          await produce(createWriteStream(partial, { mode: 0o600 }))
          await rename(partial, file)
        } catch (error) {
          await rm(partial, { force: true })
          throw error
        }
        return { bytes: (await stat(file)).size }
      },
      async remove(location) {
        await rm(location, { force: true })
      },
      close() {},
    }
  }
  const store = createS3Storage({
    ...target.location,
    prefix: target.prefix,
    publicBaseUrl: undefined,
  })
  const base = `s3://${target.location.bucket}/${target.prefix}`
  return {
    where: base,
    // Storage keys take one extension: .tgz is the usual short name of .tar.gz.
    nameFor: (at) => `site-backup-${stampOf(at)}.tgz`,
    locationOf: (name) => `${base}/${name}`,
    async write(name, produce) {
      const body = new PassThrough()
      // Whichever side fails first stops the other: the upload is then abandoned, not completed.
      const results = await Promise.allSettled([
        store.putStream(name, body, 'application/gzip').catch((error: unknown) => {
          body.destroy(error as Error)
          throw error
        }),
        produce(body).catch((error: unknown) => {
          body.destroy(error as Error)
          throw error
        }),
      ])
      const failed = [results[1], results[0]].find((r) => r.status === 'rejected')
      if (failed) throw failed.reason
      return { bytes: (results[0] as PromiseFulfilledResult<number>).value }
    },
    async remove(location) {
      await store.delete(location.slice(location.lastIndexOf('/') + 1))
    },
    close: () => store.close(),
  }
}
