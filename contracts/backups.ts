/**
 * Scheduled backups and "Export site" (docs/deployment.md, "Backup and restore"). The list is the
 * newest BACKUP_LIST_MAX runs: the kept successful ones and the most recent failures.
 */

/** How many runs GET /_api/admin/backups answers at most. */
export const BACKUP_LIST_MAX = 50
/** Failed runs kept in the record (their archives never existed); older ones are deleted. */
export const BACKUP_FAILED_KEPT = 10
/** Exports each admin may start in BACKUP_EXPORT_WINDOW_MS. */
export const BACKUP_EXPORT_LIMIT = 3
export const BACKUP_EXPORT_WINDOW_MS = 60 * 60 * 1000

export const BACKUP_MESSAGES = {
  busy: 'A backup is already being made: try again when it has finished.',
  rateLimited: (wait: string) =>
    `You have exported the site ${BACKUP_EXPORT_LIMIT} times this hour: try again in ${wait}.`,
  interrupted: 'Interrupted: the server stopped while the backup was being made.',
  empty: 'No backups yet.',
  scheduleOff: 'Scheduled backups are off',
  errorLoading: 'Error loading backups',
} as const

export type BackupResult = 'running' | 'ok' | 'failed'

export interface BackupRun {
  id: number
  /** ISO-8601 UTC. */
  startedAt: string
  finishedAt: string | null
  /** The archive's size in bytes, once written. */
  bytes: number | null
  result: BackupResult
  /** Why it failed, for a failed run. */
  error: string | null
}

export interface BackupSchedule {
  /** BACKUP_SCHEDULE=daily */
  enabled: boolean
  /** BACKUP_KEEP: successful backups kept. */
  keep: number
  /** Where they go: a folder on the server, or s3://bucket/prefix. */
  location: string
}

export interface BackupListResponse {
  backups: BackupRun[]
  schedule: BackupSchedule
}

/** What the dashboard's overview shows of backups. */
export interface BackupOverview {
  scheduled: boolean
  last: BackupRun | null
}
