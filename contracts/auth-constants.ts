import type { Role } from './common-constants.ts'

/** Sign-in messages and session types, without schemas: every page imports these. */
export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid email or password.',
  loginFailed: 'Login failed',
  sessionCheckFailed: 'Session check failed',
} as const

/** The user as the browser sees it: never a password hash. */
export interface SessionUser {
  id: number
  email: string
  displayName: string
  role: Role
  avatarUrl: string | null
  createdAt: string
}

export interface SessionResponse {
  user: SessionUser | null
}
