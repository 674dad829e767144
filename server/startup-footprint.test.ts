import { afterEach, describe, expect, it, vi } from 'vitest'

const FORMATTERS = ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules'] as const
// Intl's members are not enumerable: each is kept by name, and put back after the test.
const originals = {
  DateTimeFormat: Intl.DateTimeFormat,
  NumberFormat: Intl.NumberFormat,
  Collator: Intl.Collator,
  PluralRules: Intl.PluralRules,
  supportedValuesOf: Intl.supportedValuesOf,
}

afterEach(() => Object.assign(Intl, originals))

/**
 * The first Intl formatter a process makes reads the platform's locale data (ICU): about 5 MB of
 * the Node binary become resident. The reading pages (posts, lists, search) need none, so
 * nothing the server loads at start makes one (ADR 015).
 */
describe('loading the server and its invoice pages', () => {
  it('makes no locale formatter', async () => {
    const made: string[] = []
    for (const name of FORMATTERS) {
      const Real = originals[name] as unknown as new (...args: unknown[]) => object
      Object.assign(Intl, {
        [name]: function (...args: unknown[]) {
          made.push(`Intl.${name}`)
          return new Real(...args)
        },
      })
    }
    Object.assign(Intl, {
      supportedValuesOf: (key: string) => {
        made.push('Intl.supportedValuesOf')
        return originals.supportedValuesOf(key as 'currency')
      },
    })
    vi.resetModules()
    await import('./main.ts')
    await import('./services/invoice-pdf.ts')
    await import('../app/routes/invoice-test.tsx')
    expect(made).toEqual([])
  })
})
