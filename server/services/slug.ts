import { foldForSearch } from './html.ts'
import { Conflict, ValidationError } from '../shared/errors.ts'

export const SLUG_MAX_LENGTH = 80

/** Lower-case ASCII words joined by hyphens: "Saturn's Rings — 2026!" → "saturns-rings-2026". */
export function slugify(text: string): string {
  return foldForSearch(text)
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, '')
}

/** The first free slug among base, base-2, base-3, … given the slugs already taken. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!used.has(candidate)) return candidate
  }
}

export const SLUG_INVALID = 'Slug must contain letters or numbers.'

/**
 * The slug a post or page gets. An explicit one is normalised and must be free (409 otherwise);
 * without one, the title's slug with the first free numeric suffix. Reserved slugs count as taken.
 */
export async function chooseUniqueSlug(options: {
  requested: string | null | undefined
  title: string
  fallback: string
  taken: (base: string) => Promise<string[]>
  takenMessage: (slug: string) => string
  reserved?: { has(slug: string): boolean; message: (slug: string) => string }
}): Promise<string> {
  const { requested, reserved } = options
  if (requested) {
    const slug = slugify(requested)
    if (!slug) throw new ValidationError(SLUG_INVALID, { details: { slug: [SLUG_INVALID] } })
    if (reserved?.has(slug)) throw new Conflict(reserved.message(slug))
    if ((await options.taken(slug)).includes(slug)) throw new Conflict(options.takenMessage(slug))
    return slug
  }
  const base = slugify(options.title) || options.fallback
  const taken = await options.taken(base)
  return firstFreeSlug(base, reserved?.has(base) ? [...taken, base] : taken)
}
