import { createContext, use } from 'react'
import type { SessionUser } from '../../contracts/auth-constants.ts'

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'unauthenticated'; user: null }
  | { status: 'authenticated'; user: SessionUser }

/**
 * The signed-in user, provided by the root: from the server render, then whatever sign-in,
 * sign-out and profile changes write to the session (`setData(API_PATHS.getSession, {}, …)`).
 */
export const AuthContext = createContext<SessionUser | null>(null)

export function useAuth(): AuthState {
  const user = use(AuthContext)
  return user ? { status: 'authenticated', user } : { status: 'unauthenticated', user: null }
}
