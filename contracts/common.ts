import { z } from 'zod'
import { dateRangeMessage, isInDateRange } from './common-constants.ts'

export * from './common-constants.ts'

/** The input of an endpoint that takes none: whatever is sent is ignored. */
export const NoInput = z.object({}).loose()

/** A string that must be present and non-empty; the same message for "missing" and "empty". */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message })
}

/** A field an update may leave out; when it is given it must not be empty. */
export function optionalNonEmpty(message: string, max?: number) {
  const text = z.string({ error: message }).trim().min(1, { error: message })
  return (max === undefined ? text : text.max(max)).optional()
}

/**
 * A date or date-time, already in its UTC form, within DATE_YEAR_MIN–DATE_YEAR_MAX; out of them it
 * is a 400 whose message names the field (`label`) and the years.
 */
export function withinDateRange<T extends z.ZodType<string>>(schema: T, label: string): T {
  return schema.refine((v) => typeof v === 'string' && isInDateRange(v), {
    error: dateRangeMessage(label),
  })
}

/**
 * An ISO-8601 date-time with an offset, stored and compared as UTC: `2026-11-22T23:47:31-10:00`
 * becomes `2026-11-23T09:47:31.000Z`, so a string comparison with "now" means what it says.
 * `9999-12-31T23:30:00-01:00` is in year 10000 as UTC, out of range.
 */
export function utcDateTime(message: string, label: string) {
  return withinDateRange(
    z.iso
      .datetime({ offset: true, error: message })
      .refine((v) => !Number.isNaN(Date.parse(v)), { error: message })
      .transform((v) => new Date(v).toISOString()),
    label,
  )
}

/**
 * A whole number from 1 to `max` in a query string, `fallback` when absent. The upper bound is
 * checked first, so a huge number is told its limit rather than that it is not a whole number.
 */
export function wholeNumber(fallback: number, max: number, tooLarge = `Must be at most ${max}`) {
  const message = 'Must be a positive whole number'
  return z.coerce
    .number({ error: message })
    .max(max, { error: tooLarge })
    .int({ error: message })
    .positive({ error: message })
    .default(fallback)
}

/** A positive whole number, sent as a number or a string of digits; never a coerced `true` or `[1]`. */
/** The largest id a row can have (PostgreSQL `integer`). */
export const ID_MAX = 2_147_483_647

export function positiveId(message: string) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,15}$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(
      z
        .number()
        .int({ error: message })
        .positive({ error: message })
        // An id column is a 32-bit integer on PostgreSQL: a larger value would be a database
        // error, not a missing row.
        .max(ID_MAX, { error: message }),
    )
}
