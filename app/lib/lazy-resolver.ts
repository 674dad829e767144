import type { FieldValues, Resolver } from 'react-hook-form'

/**
 * A form resolver that loads on first use: the schema, zod and the zod resolver (about 21 KB)
 * stay out of a public page's first load (ADR 010). `load` imports them, typically
 *
 *   lazyResolver(() =>
 *     Promise.all([import('../../contracts/contact.ts'), import('@hookform/resolvers/zod')])
 *       .then(([{ ContactInput }, { zodResolver }]) => zodResolver(ContactInput)))
 *
 * The first validation (a blur or a submit) waits for it; `preload` starts it earlier, e.g. once
 * the form has hydrated. A load that fails is tried again at the next validation.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): { resolver: Resolver<TValues, TContext, TOutput>; preload: () => void } {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | undefined
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => {}),
  }
}
