import { z } from 'zod'
import { personName, prose } from './text.ts'

export const CONTACT_MESSAGES = {
  name: 'Name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  subject: 'Subject must be at least 5 characters.',
  message: 'Message must be at least 10 characters.',
  unknown: 'An unknown error occurred',
  sent: 'Thank you! Your message has been sent. We will get back to you soon.',
} as const

export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const

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
