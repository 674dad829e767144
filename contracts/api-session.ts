import type { SessionResponse } from './auth-constants.ts'
import { contract } from './endpoint.ts'

/**
 * The session: a module of its own, re-exported by contracts/api-paths.ts. The root of every page
 * reads the session through it, so a page that calls no endpoint carries this one contract, not
 * the table.
 */
export const getSession = contract<SessionResponse>()({
  method: 'GET',
  path: '/auth/session',
  access: 'public',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})
