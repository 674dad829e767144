import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { SessionResponse } from '../../../contracts/auth.ts'
import {
  OAUTH_AUTHORIZE_PATH,
  OAUTH_POPUP,
  SIGN_IN_MESSAGES,
} from '../../../contracts/oauth-constants.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { ApiRequestError, callApi } from '../../lib/api.ts'
import { setData } from '../../lib/store.ts'
import { popupFeatures, readPopupMessage } from './popup-message.ts'

/** The sign-in flow's states, as the spec names them. */
export type SignInState =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'success' }
  | { status: 'error'; message: string }
  | { status: 'account-linking-required'; message: string }

/**
 * Signs in with Discord in a 500x600 popup. The popup ends on our own callback page, which posts
 * a one-time token (or an error) to this window; the token becomes a session through
 * establish_session. The popup is watched every second and closed after 5 minutes. Signed in, the
 * visitor goes to `redirectTo`, or (null) stays on the page, which sees the new session.
 */
export function useDiscordSignIn({ redirectTo = '/' }: { redirectTo?: string | null } = {}) {
  const [state, setState] = useState<SignInState>({ status: 'idle' })
  const navigate = useNavigate()
  // The window whose messages are accepted: the popup of the current attempt, even once closed
  // (its message may be handled just after it closes itself).
  const popupRef = useRef<Window | null>(null)
  const timersRef = useRef<{ check?: number; expire?: number; redirect?: number }>({})

  const stopWatching = useCallback(() => {
    window.clearInterval(timersRef.current.check)
    window.clearTimeout(timersRef.current.expire)
    timersRef.current.check = undefined
    timersRef.current.expire = undefined
  }, [])

  const complete = useCallback(
    async (token: string) => {
      let session: SessionResponse
      try {
        session = await callApi(
          API_PATHS.establishSession,
          { tempToken: token },
          { fallbackMessage: SIGN_IN_MESSAGES.sessionFailed },
        )
      } catch (error) {
        setState({
          status: 'error',
          message:
            error instanceof ApiRequestError
              ? SIGN_IN_MESSAGES.sessionFailed
              : SIGN_IN_MESSAGES.unexpected,
        })
        return
      }
      setData(API_PATHS.getSession, {}, session)
      setState({ status: 'success' })
      if (redirectTo === null) return
      timersRef.current.redirect = window.setTimeout(() => {
        void navigate(redirectTo)
      }, OAUTH_POPUP.redirectAfterSuccessMs)
    },
    [navigate, redirectTo],
  )

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only our own callback page, in the popup this page opened, may speak to us.
      if (event.origin !== window.location.origin) return
      if (!popupRef.current || event.source !== popupRef.current) return
      const message = readPopupMessage(event.data)
      if (!message) return
      popupRef.current = null
      stopWatching()
      try {
        if (message.type === 'OAUTH_TOKEN_SUCCESS') {
          setState({ status: 'connecting' })
          void complete(message.token).catch(() =>
            setState({ status: 'error', message: SIGN_IN_MESSAGES.unexpected }),
          )
        } else if (message.error.code === 'account_linking_required') {
          setState({ status: 'account-linking-required', message: message.error.message })
        } else {
          setState({
            status: 'error',
            message: message.error.message || SIGN_IN_MESSAGES.oauthFailed,
          })
        }
      } catch {
        setState({ status: 'error', message: SIGN_IN_MESSAGES.unexpected })
      }
    }
    const timers = timersRef.current
    window.addEventListener('message', onMessage)
    return () => {
      window.removeEventListener('message', onMessage)
      window.clearInterval(timers.check)
      window.clearTimeout(timers.expire)
      window.clearTimeout(timers.redirect)
    }
  }, [complete, stopWatching])

  const start = useCallback(() => {
    try {
      stopWatching()
      const popup = window.open(
        `${OAUTH_AUTHORIZE_PATH}?provider=discord`,
        'discord-sign-in',
        popupFeatures(OAUTH_POPUP.width, OAUTH_POPUP.height),
      )
      if (!popup) {
        popupRef.current = null
        setState({ status: 'error', message: SIGN_IN_MESSAGES.popupBlocked })
        return
      }
      popupRef.current = popup
      setState({ status: 'connecting' })
      timersRef.current.check = window.setInterval(() => {
        if (!popup.closed) return
        // Closed by the visitor (or by itself after posting): without a message, back to idle.
        stopWatching()
        window.setTimeout(() => {
          if (popupRef.current !== popup) return
          popupRef.current = null
          setState((s) => (s.status === 'connecting' ? { status: 'idle' } : s))
        }, 250)
      }, OAUTH_POPUP.closedCheckMs)
      timersRef.current.expire = window.setTimeout(() => {
        stopWatching()
        popupRef.current = null
        popup.close()
        setState((s) => (s.status === 'connecting' ? { status: 'idle' } : s))
      }, OAUTH_POPUP.maxOpenMs)
    } catch {
      setState({ status: 'error', message: SIGN_IN_MESSAGES.unexpected })
    }
  }, [stopWatching])

  const dismiss = useCallback(() => setState({ status: 'idle' }), [])

  return { state, start, dismiss }
}
