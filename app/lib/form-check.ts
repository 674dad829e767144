import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'
import { applyInputMessages } from '../../contracts/input-messages.ts'
import { ApiRequestError } from './api.ts'

/*
 * The form kit's part that runs only once a form is checked or a call fails: it loads with zod
 * and the contract's schema, after the page (app/lib/form.ts).
 */

// The browser's zod speaks like the server's: the same messages for the checks a schema leaves
// to zod's defaults.
applyInputMessages()

/**
 * Checks the form's values with `schema`: `prepare` turns them into what is validated (what the
 * form would send, when the contract's schema checks the form). The values themselves are what a
 * successful check hands on, unchanged; the server parses what it is sent.
 */
export function schemaResolver<TValues extends FieldValues>(
  schema: z.ZodType,
  prepare: (values: TValues) => unknown,
): Resolver<TValues, unknown, TValues> {
  const check = zodResolver(schema as z.ZodType<unknown, FieldValues>, undefined, { raw: true })
  const resolver: Resolver = async (values, context, options) => {
    const result = await check(prepare(values as TValues) as FieldValues, context, options)
    return Object.keys(result.errors).length
      ? { values: {}, errors: result.errors }
      : { values, errors: {} }
  }
  // The errors are keyed by the form's own field names: the form's schema, or what it sends.
  return resolver as Resolver<TValues, unknown, TValues>
}

/**
 * Where a failed call's messages go: each of the server's field `details` under its field when
 * the form has one (`has`), a 409's under `conflict`'s field, and everything else, or the
 * error's own message when no field took one, as the form's message.
 */
export function placeApiError(
  error: unknown,
  has: (field: string) => boolean,
  conflict?: { field: string; message?: string },
  fallback = 'Request failed',
): { fields: Record<string, string>; form: string | null } {
  if (!(error instanceof ApiRequestError))
    return { fields: {}, form: error instanceof Error && error.message ? error.message : fallback }
  const fields: Record<string, string> = {}
  const rest: string[] = []
  for (const [field, messages] of Object.entries(error.details ?? {})) {
    const message = messages[0]
    if (!message) continue
    if (has(field)) fields[field] ??= message
    else if (!rest.includes(message)) rest.push(message)
  }
  if (error.status === 409 && conflict && (conflict.message ?? error.message) === error.message)
    fields[conflict.field] ??= error.message
  const placed = Object.keys(fields).length > 0
  return { fields, form: rest.length ? rest.join(' ') : placed ? null : error.message || fallback }
}
