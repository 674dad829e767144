import { z } from 'zod'
import { OAUTH_PROVIDERS, SIGN_IN_MESSAGES } from './oauth-constants.ts'

export * from './oauth-constants.ts'

export const OAuthAuthorizeInput = z.object({
  provider: z.literal(OAUTH_PROVIDERS, { error: SIGN_IN_MESSAGES.unsupportedProvider }),
})

/**
 * What the sign-in popup's first page accepts: anything, so that an unknown provider is told in
 * the popup (OAuthAuthorizeInput decides), never as a JSON error.
 */
export const OAuthAuthorizeQuery = z.object({ provider: z.string().optional() }).loose()

// Whatever Discord sends back, the answer is a page (never a JSON error): every value is optional.
export const OAuthCallbackQuery = z
  .object({
    code: z.string().optional(),
    state: z.string().optional(),
    error: z.string().optional(),
    error_description: z.string().optional(),
  })
  .loose()
