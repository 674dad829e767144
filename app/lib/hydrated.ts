import { useDeferredValue, useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and during hydration, true after: what depends on the browser waits for it.
 * The re-render that follows hydration (dates in the visitor's time zone, which build formatters)
 * is deferred: React renders it in the background, in short slices, instead of one long task
 * right after hydration. A component mounted later (a client-side navigation) is true at once.
 */
export function useHydrated(): boolean {
  return useDeferredValue(
    useSyncExternalStore(
      subscribe,
      () => true,
      () => false,
    ),
  )
}
