import { isOAuthErrorCode, type OAuthPopupMessage } from '../../../contracts/oauth-constants.ts'

/** Accepts only the two shapes the sign-in popup posts; anything else is not ours. */
export function readPopupMessage(data: unknown): OAuthPopupMessage | null {
  if (typeof data !== 'object' || data === null) return null
  const message = data as Record<string, unknown>
  if (message.type === 'OAUTH_TOKEN_SUCCESS') {
    return typeof message.token === 'string' && message.token !== ''
      ? { type: 'OAUTH_TOKEN_SUCCESS', token: message.token }
      : null
  }
  if (message.type === 'OAUTH_ERROR') {
    const error = (message.error ?? {}) as Record<string, unknown>
    const code = isOAuthErrorCode(error.code) ? error.code : 'invalid_request'
    return {
      type: 'OAUTH_ERROR',
      error: {
        code,
        message: typeof error.message === 'string' ? error.message : '',
        details: typeof error.details === 'string' ? error.details : null,
      },
    }
  }
  return null
}

/** Where the popup opens: centred on the window that opened it. */
export function popupFeatures(width: number, height: number): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2))
  return `width=${width},height=${height},left=${left},top=${top}`
}
