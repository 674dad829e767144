/**
 * The address form of a title, the same on the server (which stores it) and in the dashboard
 * (which previews it): lower case, ASCII, hyphens, 80 characters at most.
 */
export const SLUG_MAX_LENGTH = 80

export const SLUG_INVALID = 'Slug must contain letters or numbers.'

/** What a post or a page is called when its title has no letter or digit to make a slug of. */
export const SLUG_FALLBACK = { post: 'post', page: 'page' } as const

/** Latin letters that have no accent to drop: spelled out as their languages do in ASCII. */
const LATIN_LETTERS: Record<string, string> = {
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
}

/**
 * Lower-case ASCII words joined by hyphens: "Saturn's Rings — 2026!" → "saturns-rings-2026",
 * "L’œil nu" → "loeil-nu".
 */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[æœøßđðłþıħ]/g, (letter) => LATIN_LETTERS[letter]!)
      // An apostrophe joins its word ("saturns"), it does not split it.
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, SLUG_MAX_LENGTH)
      .replace(/-+$/g, '')
  )
}

/** The slug a title gets when none is given, before a numeric suffix makes it unique. */
export function slugFromTitle(title: string, kind: keyof typeof SLUG_FALLBACK): string {
  return slugify(title) || SLUG_FALLBACK[kind]
}
