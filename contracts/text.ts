import { z } from 'zod'

/**
 * What text may hold. Single-line fields (ids, slugs, e-mails, names, titles, tags) never hold a
 * control character: the API refuses them with a 400 (server/http/api.ts checks every parsed
 * string). Prose (post content, messages, descriptions) may hold tabs and line breaks; its other
 * control characters, NUL first of all, are removed before it is validated.
 */
export const TEXT_MESSAGES = {
  control: 'Text must not contain control characters.',
  bidi: 'Names must not contain text-direction control characters.',
  unicode: 'Text must be valid Unicode: it holds an unpaired surrogate.',
  utf8: 'Request body must be valid UTF-8 text.',
} as const

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex
export const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_TEXT_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g
/** Line breaks and tabs too: for fields that are one line. */
// eslint-disable-next-line no-control-regex
export const FORBIDDEN_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/
/** Bidirectional overrides and isolates: they make a name read as something else. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/

export function stripControls(value: string): string {
  return value.replace(FORBIDDEN_IN_TEXT_ALL, '')
}

/**
 * A name the client chose but no one typed (an uploaded file's name), kept as one readable line:
 * control and text-direction characters dropped, not refused (PostgreSQL refuses NUL in text).
 */
const NOT_IN_A_LABEL = new RegExp(`${FORBIDDEN_IN_LINE.source}|${BIDI_CONTROLS.source}`, 'g')
export function labelFrom(value: string, max: number): string {
  return value.replace(NOT_IN_A_LABEL, '').trim().slice(0, max)
}

/** Free prose: control characters other than tabs and line breaks are dropped, then validated. */
export function prose<T extends z.ZodType>(schema: T): T {
  // Typed as the inner schema: what the form sends and what comes out are the same shape.
  return z.preprocess((v) => (typeof v === 'string' ? stripControls(v) : v), schema) as unknown as T
}

/** A person's name: one line, no text-direction tricks. */
export function personName<T extends z.ZodType<string>>(schema: T) {
  return schema
    .refine((v) => !FORBIDDEN_IN_LINE.test(v), { error: TEXT_MESSAGES.control })
    .refine((v) => !BIDI_CONTROLS.test(v), { error: TEXT_MESSAGES.bidi })
}

/** Where in a parsed input the first forbidden character sits, or null when there is none. */
export function findControlCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return FORBIDDEN_IN_TEXT.test(value) ? path : null
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], [...path, String(i)])
      if (found) return found
    }
    return null
  }
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    for (const [key, v] of Object.entries(value)) {
      const found = findControlCharacter(v, [...path, key])
      if (found) return found
    }
  }
  return null
}
