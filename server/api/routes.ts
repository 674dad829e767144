import * as auth from './auth.ts'
import type { Endpoint } from './define.ts'
import * as user from './user.ts'

/**
 * The whole /_api surface on one screen. Each endpoint module declares its method, path, access
 * (public | member | admin, enforced by server/http/api.ts before the handler runs), input schema
 * and handler.
 */
export const API_ROUTES: Endpoint[] = [
  // accounts and sessions
  auth.loginWithPassword,
  auth.getSession,
  auth.logout,

  // members
  user.getProfile,
]
