// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one place that may
import { QueryClient } from '@tanstack/react-query'
import { QUERY_DEFAULTS, installQueryClient } from './query-client-store.ts'

/**
 * TanStack Query for the app: import its hooks from here, never from the package (ESLint says
 * so). Importing this module is what creates the browser's QueryClient, which the root provides
 * to the page (app/lib/query-client-store.ts): pages that use no queries never load the library.
 */
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one place that may
export * from '@tanstack/react-query'

if (typeof document !== 'undefined') {
  installQueryClient(() => new QueryClient({ defaultOptions: QUERY_DEFAULTS }))
}
