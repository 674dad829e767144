import { z } from 'zod'
import { OAUTH_PROVIDERS, SIGN_IN_MESSAGES } from './oauth-constants.ts'

export * from './oauth-constants.ts'

export const OAuthAuthorizeInput = z.object({
  provider: z.literal(OAUTH_PROVIDERS, { error: SIGN_IN_MESSAGES.unsupportedProvider }),
})
