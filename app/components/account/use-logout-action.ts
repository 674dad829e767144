import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { PROFILE_MESSAGES } from '../../../contracts/profile.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { callApi } from '../../lib/api.ts'
import { forgetUser } from './account-queries.ts'

/**
 * Logs out from the profile pages: the server ends the session first, so a failure leaves the
 * member signed in and says why; then the toast, /login, and the member's cached data is dropped.
 */
export function useLogoutAction() {
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)

  const logout = useCallback(async () => {
    setPending(true)
    try {
      await callApi(API_PATHS.logout, {}, { fallbackMessage: 'Logout failed' })
    } catch (error) {
      toast.error(
        `Logout failed: ${error instanceof Error ? error.message : PROFILE_MESSAGES.unknownError}`,
      )
      setPending(false)
      return
    }
    toast.success(PROFILE_MESSAGES.loggedOut)
    await navigate('/login', { replace: true })
    forgetUser()
  }, [navigate])

  return { logout, pending }
}
