import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const base = { DATA_DIR: '/tmp/site-config-test', SESSION_SECRET: 'x'.repeat(40) }
const s3 = {
  STORAGE_URL: 's3://astro-uploads/site-a?endpoint=http://127.0.0.1:9000',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
}

function refused(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env })
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('accepted')
}

describe('backup configuration', () => {
  it('is off by default, keeps 14, in DATA_DIR/backups', () => {
    expect(loadConfig(base).backup).toEqual({
      schedule: 'off',
      keep: 14,
      target: { kind: 'disk', dir: '/tmp/site-config-test/backups' },
    })
  })

  it('reads a daily schedule, a count and a folder or a prefix in the bucket', () => {
    const daily = loadConfig({
      ...base,
      BACKUP_SCHEDULE: 'daily',
      BACKUP_KEEP: '30',
      BACKUP_DIR: '/srv/backups',
    }).backup
    expect(daily).toEqual({
      schedule: 'daily',
      keep: 30,
      target: { kind: 'disk', dir: '/srv/backups' },
    })
    const bucket = loadConfig({ ...base, ...s3, BACKUP_S3_PREFIX: 'site-a-backups/' }).backup.target
    expect(bucket).toMatchObject({
      kind: 's3',
      prefix: 'site-a-backups',
      location: { bucket: 'astro-uploads' },
    })
  })

  it('refuses bad values with a message naming the variable', () => {
    expect(refused({ BACKUP_SCHEDULE: 'weekly' })).toContain('BACKUP_SCHEDULE must be off or daily')
    expect(refused({ BACKUP_KEEP: '0' })).toContain('BACKUP_KEEP must be at least 1')
    expect(refused({ BACKUP_KEEP: '366' })).toContain('BACKUP_KEEP must be at most 365')
    expect(refused({ BACKUP_KEEP: 'many' })).toContain('BACKUP_KEEP must be a number of backups')
    expect(refused({ BACKUP_DIR: '/tmp/site-config-test/uploads/b' })).toContain(
      'BACKUP_DIR: must not be inside',
    )
    expect(refused({ BACKUP_S3_PREFIX: 'backups' })).toContain(
      'BACKUP_S3_PREFIX: needs STORAGE_URL',
    )
    expect(refused({ ...s3, BACKUP_S3_PREFIX: 'site-a/backups' })).toContain(
      "must be outside STORAGE_URL's prefix",
    )
    expect(refused({ ...s3, BACKUP_S3_PREFIX: 'a/../b' })).toContain('may hold only letters')
    expect(refused({ ...s3, BACKUP_DIR: '/srv/b', BACKUP_S3_PREFIX: 'b' })).toContain(
      'set one of them',
    )
  })
})
