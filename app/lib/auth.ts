import { createContext, use } from 'react'
import type { SessionUser } from '../../contracts/auth-constants.ts'

/**
 * Where sign-in, sign-out and profile changes put the new session (`queryClient.setQueryData`);
 * the root follows that entry of the query cache into AuthContext.
 */
export const SESSION_QUERY_KEY = ['session'] as const

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'unauthenticated'; user: null }
  | { status: 'authenticated'; user: SessionUser }

/** The signed-in user, provided by the root: from the server render, then from the query cache. */
export const AuthContext = createContext<SessionUser | null>(null)

export function useAuth(): AuthState {
  const user = use(AuthContext)
  return user ? { status: 'authenticated', user } : { status: 'unauthenticated', user: null }
}
