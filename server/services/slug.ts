import { foldForSearch } from './html.ts'

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
