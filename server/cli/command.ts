import { RestoreRefused } from '../backup/restore.ts'
import { ConfigError } from '../config.ts'
import type { Storage } from '../storage/storage.ts'

/** A command line the operator got wrong. */
export class UsageError extends Error {}

/**
 * Runs a command: exit code 0 when it succeeds; 1 with one line saying why when it refuses or
 * fails (an operator's mistake is explained, not answered with a stack trace).
 */
export async function runCommand(name: string, work: () => Promise<void>): Promise<void> {
  try {
    await work()
  } catch (error) {
    const known =
      error instanceof RestoreRefused ||
      error instanceof UsageError ||
      error instanceof ConfigError ||
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    const message = error instanceof Error ? error.message : String(error)
    console.error(known ? message : `${name} failed: ${message}`)
    process.exitCode = 1
  }
}

/** An object store's client keeps sockets open; the disk has nothing to close. */
export function closeStorage(storage: Storage): void {
  ;(storage as Partial<{ close(): void }>).close?.()
}
