import type { Config } from '../config.ts'
import { createS3Storage } from './s3.ts'
import { createDiskStorage, type Storage } from './storage.ts'

/** The storage the configuration names: DATA_DIR/uploads by default, or an S3-compatible bucket. */
export function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): Storage {
  const { storage } = config
  if (storage.kind === 'disk')
    return createDiskStorage(config.dataDir, { publicBaseUrl: storage.publicBaseUrl })
  return createS3Storage(storage)
}
