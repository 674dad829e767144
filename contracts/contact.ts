import { z } from 'zod'
import { CONTACT_LIMITS, CONTACT_MESSAGES } from './contact-constants.ts'
import { personName, prose } from './text.ts'

export * from './contact-constants.ts'

export const ContactInput = z.object({
  name: personName(
    z
      .string({ error: CONTACT_MESSAGES.name })
      .trim()
      .min(2, { error: CONTACT_MESSAGES.name })
      .max(CONTACT_LIMITS.name, {
        error: `Name must be at most ${CONTACT_LIMITS.name} characters.`,
      }),
  ),
  email: z
    .string({ error: CONTACT_MESSAGES.email })
    .trim()
    .pipe(z.email({ error: CONTACT_MESSAGES.email })),
  subject: z
    .string({ error: CONTACT_MESSAGES.subject })
    .trim()
    .min(5, { error: CONTACT_MESSAGES.subject })
    .max(CONTACT_LIMITS.subject, {
      error: `Subject must be at most ${CONTACT_LIMITS.subject} characters.`,
    }),
  message: prose(
    z
      .string({ error: CONTACT_MESSAGES.message })
      .trim()
      .min(10, { error: CONTACT_MESSAGES.message })
      .max(CONTACT_LIMITS.message, {
        error: `Message must be at most ${CONTACT_LIMITS.message} characters.`,
      }),
  ),
  /** The honeypot: hidden from people, filled in by bots. */
  website: z.string().optional(),
})
export type ContactInput = z.infer<typeof ContactInput>

export interface ContactResponse {
  success: true
  message: string
}
