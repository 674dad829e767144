import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False on the server and during hydration, true after: what depends on the browser waits for it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

/**
 * The time zone to show times in: UTC for the server render (which cannot know the visitor's), the
 * browser's own (undefined) once hydrated. Both renders agree, then the browser re-renders.
 */
export function useVisitorTimeZone(): string | undefined {
  return useHydrated() ? undefined : 'UTC'
}
