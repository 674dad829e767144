import { z } from 'zod'
import { LOGIN_MESSAGES } from './auth-constants.ts'
import { requiredString } from './common.ts'

export * from './auth-constants.ts'

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
