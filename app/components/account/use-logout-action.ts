import { useQueryClient } from '../../lib/query.ts'
import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import type { SessionResponse } from '../../../contracts/auth.ts'
import { PROFILE_MESSAGES } from '../../../contracts/profile.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { apiFetch } from '../../lib/api.ts'
import { SESSION_QUERY_KEY } from '../../lib/auth.ts'
import { USER_QUERY_ROOT } from './account-queries.ts'

/**
 * Logs out from the profile pages: the server ends the session first, so a failure leaves the
 * member signed in and says why; then the toast, /login, and the member's cached data is dropped.
 */
export function useLogoutAction() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)

  const logout = useCallback(async () => {
    setPending(true)
    try {
      await apiFetch(API_PATHS.logout, { method: 'POST', body: {} }, 'Logout failed')
    } catch (error) {
      toast.error(
        `Logout failed: ${error instanceof Error ? error.message : PROFILE_MESSAGES.unknownError}`,
      )
      setPending(false)
      return
    }
    toast.success(PROFILE_MESSAGES.loggedOut)
    await navigate('/login', { replace: true })
    queryClient.removeQueries({ queryKey: USER_QUERY_ROOT })
    queryClient.setQueryData<SessionResponse>(SESSION_QUERY_KEY, { user: null })
  }, [navigate, queryClient])

  return { logout, pending }
}
