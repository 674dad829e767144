import { type SLUG_FALLBACK, SLUG_INVALID, slugFromTitle, slugify } from '../../contracts/slug.ts'
import { Conflict, ValidationError } from '../shared/errors.ts'

/** The first free slug among base, base-2, base-3, … given the slugs already taken. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!used.has(candidate)) return candidate
  }
}

/**
 * The slug a post or page gets. An explicit one is normalised and must be free (409 otherwise);
 * without one, the title's slug with the first free numeric suffix. Reserved slugs count as taken.
 */
export async function chooseUniqueSlug(options: {
  requested: string | null | undefined
  title: string
  kind: keyof typeof SLUG_FALLBACK
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
  const base = slugFromTitle(options.title, options.kind)
  const taken = await options.taken(base)
  return firstFreeSlug(base, reserved?.has(base) ? [...taken, base] : taken)
}
