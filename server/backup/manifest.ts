import { z } from 'zod'

/**
 * What a backup archive holds, written as its last entry (`manifest.json`): the backup streams
 * out in one pass, hashing each entry as it goes, and a restore reads the whole archive once to
 * check every hash against it before it writes anything (docs/deployment.md).
 */
export const MANIFEST_ENTRY = 'manifest.json'
export const SQLITE_COPY_ENTRY = 'sqlite/site.db'
export const tableEntry = (table: string) => `tables/${table}.jsonl`
export const fileEntry = (key: string) => `files/${key}`

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/)

const EntryFacts = { entry: z.string(), bytes: z.number().int().nonnegative(), sha256: Sha256 }

export const BackupManifest = z.object({
  format: z.literal(1),
  appVersion: z.string(),
  /** The newest migration the backed-up database had applied. */
  migrationLevel: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  createdAt: z.string(),
  /** Parents before the tables that point at them: the order a restore writes them in. */
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      rows: z.number().int().nonnegative(),
      columns: z.array(z.object({ name: z.string(), type: z.string() })),
      ...EntryFacts,
    }),
  ),
  files: z.array(z.object({ key: z.string(), contentType: z.string(), ...EntryFacts })),
  /** SQLite only: the database itself, copied with the online backup API. */
  database: z.object(EntryFacts).nullable(),
})
export type BackupManifest = z.infer<typeof BackupManifest>

/**
 * One value of a row as JSON that means the same to either engine: integers past 2^53 as
 * {"$int": "digits"}, bytes as {"$bytes": base64}, a non-finite float as {"$real": "NaN"}.
 */
export type EncodedValue =
  null | string | number | boolean | { $int: string } | { $bytes: string } | { $real: string }

const INTEGER_TYPES = /int/

export function encodeValue(value: unknown, columnType: string): EncodedValue {
  if (value === null || value === undefined) return null
  if (typeof value === 'bigint') return encodeInteger(value)
  // PostgreSQL hands a bigint back as text.
  if (typeof value === 'string' && INTEGER_TYPES.test(columnType) && /^-?\d+$/.test(value))
    return encodeInteger(BigInt(value))
  if (typeof value === 'number') return Number.isFinite(value) ? value : { $real: String(value) }
  if (typeof value === 'string' || typeof value === 'boolean') return value
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') }
  if (value instanceof Date) return value.toISOString()
  return JSON.stringify(value)
}

function encodeInteger(value: bigint): EncodedValue {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : { $int: value.toString() }
}

/** The value to bind when writing into `engine`. */
export function decodeValue(value: EncodedValue, engine: 'sqlite' | 'postgres'): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value
  // SQLite binds no booleans; the site stores its flags as 0/1 anyway.
  if (typeof value === 'boolean') return engine === 'sqlite' ? Number(value) : value
  if ('$int' in value) return engine === 'sqlite' ? BigInt(value.$int) : value.$int
  if ('$bytes' in value) return Buffer.from(value.$bytes, 'base64')
  return Number(value.$real)
}
