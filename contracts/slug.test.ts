import { describe, expect, it } from 'vitest'
import { SLUG_MAX_LENGTH, slugFromTitle, slugify } from './slug.ts'

describe('slugify', () => {
  it('joins lower-case words with hyphens', () => {
    expect(slugify('Saturn Rings Tonight')).toBe('saturn-rings-tonight')
    expect(slugify('  My Custom SLUG ')).toBe('my-custom-slug')
  })

  it('drops apostrophes inside words, straight or curly', () => {
    expect(slugify("Saturn's Rings")).toBe('saturns-rings')
    expect(slugify('Saturn’s Rings')).toBe('saturns-rings')
    expect(slugify("'Quoted' title")).toBe('quoted-title')
  })

  it('folds accents and compatibility forms to ASCII', () => {
    expect(slugify('Éclipse totale à Séville')).toBe('eclipse-totale-a-seville')
    expect(slugify('Ångström ﬁeld')).toBe('angstrom-field')
    expect(slugify('Les Pléiades à l’œil nu')).toBe('les-pleiades-a-loeil-nu')
    expect(slugify('Ærø, Straße, Łódź, Þórr')).toBe('aero-strasse-lodz-thorr')
  })

  it('turns any run of punctuation, spaces or other scripts into one hyphen, none at the ends', () => {
    expect(slugify("Saturn's Rings — 2026!")).toBe('saturns-rings-2026')
    expect(slugify('M31 / M32 & M110: the Andromeda trio…')).toBe('m31-m32-m110-the-andromeda-trio')
    expect(slugify('--Mars火星Opposition--')).toBe('mars-opposition')
    expect(slugify('a_b.c')).toBe('a-b-c')
  })

  it(`keeps at most ${SLUG_MAX_LENGTH} characters and never ends on a hyphen`, () => {
    expect(slugify('a'.repeat(200))).toBe('a'.repeat(SLUG_MAX_LENGTH))
    // The cut falls right after a word: the hyphen that followed it goes too.
    const title = `${'b'.repeat(SLUG_MAX_LENGTH - 1)} comet`
    expect(slugify(title)).toBe('b'.repeat(SLUG_MAX_LENGTH - 1))
  })

  it('is empty when there is no letter or digit to keep, and the title then names the kind', () => {
    expect(slugify('***')).toBe('')
    expect(slugify('')).toBe('')
    expect(slugify('火星')).toBe('')
    expect(slugFromTitle('!!!', 'post')).toBe('post')
    expect(slugFromTitle('???', 'page')).toBe('page')
    expect(slugFromTitle("Saturn's Rings", 'post')).toBe('saturns-rings')
  })

  it('gives a slug back unchanged', () => {
    for (const title of ["Saturn's Rings — 2026!", 'Éclipse à Séville', 'x'.repeat(120)])
      expect(slugify(slugify(title))).toBe(slugify(title))
  })
})
