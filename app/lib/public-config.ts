import { useRouteLoaderData } from 'react-router'
import type { PublicConfig } from '../../server/config.ts'
import type { loader as rootLoader } from '../root.tsx'

/** The browser-safe configuration (site name, Discord invite, …) from the root loader. */
export function usePublicConfig(): PublicConfig {
  const data = useRouteLoaderData<typeof rootLoader>('root')
  // Pages render inside the root route, whose loader always runs first.
  if (!data) throw new Error('The root loader data is missing.')
  return data.publicConfig
}
