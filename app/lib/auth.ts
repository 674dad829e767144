import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { LOGIN_MESSAGES, type SessionResponse, type SessionUser } from '../../contracts/auth.ts'
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

/** Clears the user at once, then tells the server and checks the session again. */
export function useLogout() {
  const queryClient = useQueryClient()
  return useCallback(async () => {
    queryClient.setQueryData<SessionResponse>(SESSION_QUERY_KEY, { user: null })
    try {
      await apiFetch('/auth/logout', { method: 'POST', body: {} }, 'Logout failed')
    } finally {
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
    }
  }, [queryClient])
}
