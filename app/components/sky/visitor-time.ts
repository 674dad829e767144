import { useHydrated } from '../../lib/hydrated.ts'

/**
 * The time zone to show times in: UTC for the server render (which cannot know the visitor's), the
 * browser's own (undefined) once hydrated. Both renders agree, then the browser re-renders.
 */
export function useVisitorTimeZone(): string | undefined {
  return useHydrated() ? undefined : 'UTC'
}
