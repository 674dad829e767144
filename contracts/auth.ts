import { z } from 'zod'
import { requiredString } from './common.ts'

export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid email or password.',
  loginFailed: 'Login failed',
  sessionCheckFailed: 'Session check failed',
} as const

export const LoginInput = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.emailRequired })
    .trim()
    .pipe(z.email({ error: LOGIN_MESSAGES.emailRequired })),
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, { error: LOGIN_MESSAGES.passwordRequired }),
})
export type LoginInput = z.infer<typeof LoginInput>

export const EstablishSessionInput = z.object({
  tempToken: requiredString('Temporary token is required'),
})

/** The user as the browser sees it: never a password hash. */
export interface SessionUser {
  id: number
  email: string
  displayName: string
  role: string
  avatarUrl: string | null
  createdAt: string
}

export interface SessionResponse {
  user: SessionUser | null
}
