import { LoginInput, type SessionResponse } from '../../contracts/auth.ts'
import { NoInput } from '../../contracts/common.ts'
import { clearSessionCookie, writeSessionCookie } from '../http/cookies.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

export const loginWithPassword = endpoint({
  ...API_PATHS.loginWithPassword,
  access: 'public',
  source: 'json',
  input: LoginInput,
  async handler({ input, services, meta, c }) {
    const issued = await services.auth.loginWithPassword(
      input.email,
      input.password,
      meta,
      c.get('sessionToken') ?? undefined,
    )
    writeSessionCookie(c, services.config.secureCookies, issued.token, issued.expiresAt)
    return { user: issued.user }
  },
})

export const getSession = endpoint({
  ...API_PATHS.getSession,
  access: 'public',
  source: 'none',
  input: NoInput,
  handler({ user, c }): SessionResponse {
    c.header('Cache-Control', 'no-store')
    return { user }
  },
})

export const logout = endpoint({
  ...API_PATHS.logout,
  access: 'public',
  source: 'json',
  input: NoInput,
  async handler({ services, c }) {
    const token = c.get('sessionToken')
    if (token) await services.auth.logout(token)
    clearSessionCookie(c, services.config.secureCookies)
    return { success: true }
  },
})
