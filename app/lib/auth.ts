import { useQuery } from '@tanstack/react-query'
import {
  LOGIN_MESSAGES,
  type SessionResponse,
  type SessionUser,
} from '../../contracts/auth-constants.ts'
import { apiFetch } from './api.ts'

export const SESSION_QUERY_KEY = ['session'] as const

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'unauthenticated'; user: null }
  | { status: 'authenticated'; user: SessionUser }

export function fetchSession(): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/auth/session', {}, LOGIN_MESSAGES.sessionCheckFailed)
}

/** The signed-in user, seeded from the server render; the check retries once and never goes stale. */
export function useAuth(): AuthState {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    retry: 1,
    staleTime: Infinity,
  })
  if (query.isPending) return { status: 'loading', user: null }
  const user = query.data?.user
  return user ? { status: 'authenticated', user } : { status: 'unauthenticated', user: null }
}
