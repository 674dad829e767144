import { z } from 'zod'
import { PAGE_NUMBER_MAX, positiveId, wholeNumber } from './common.ts'
import { NEWSLETTER_MESSAGES, NEWSLETTER_SENDS_PAGE_SIZE } from './newsletter-constants.ts'

export * from './newsletter-constants.ts'

const email = () =>
  z
    .string({ error: NEWSLETTER_MESSAGES.emailInvalid })
    .trim()
    .max(254, { error: NEWSLETTER_MESSAGES.emailInvalid })
    .pipe(z.email({ error: NEWSLETTER_MESSAGES.emailInvalid }))
    .transform((v) => v.toLowerCase())

const token = () =>
  z
    .string({ error: NEWSLETTER_MESSAGES.tokenInvalid })
    .min(1, NEWSLETTER_MESSAGES.tokenInvalid)
    .max(512, NEWSLETTER_MESSAGES.tokenInvalid)

/** A preference as JSON (true/false) or as a form field ('on', '1', 'true', 'off', '0', 'false'). */
const flag = (name: string) =>
  z
    .union([z.boolean(), z.enum(['on', 'off', '1', '0', 'true', 'false'])], {
      error: NEWSLETTER_MESSAGES.flagInvalid(name),
    })
    .transform((v) => v === true || v === 'on' || v === '1' || v === 'true')
    .optional()

export const NewsletterSubscribeInput = z.object({
  email: email(),
  /** The honeypot: hidden from people, filled in by bots. */
  website: z.string().max(500).optional(),
})
export type NewsletterSubscribeInput = z.infer<typeof NewsletterSubscribeInput>

export const NewsletterTokenInput = z.object({ t: token() })

/**
 * The links a person opens from a mail (confirm, unsubscribe): whatever their `t` (none, empty,
 * cut short, far too long, given twice), they land on the site's page for an invalid link, never
 * on an error in JSON.
 */
export const NewsletterLinkInput = z.object({ t: token().catch('') })

export const NewsletterPreferencesInput = z.object({
  t: token(),
  posts: flag('posts'),
  digest: flag('digest'),
  alerts: flag('alerts'),
})
export type NewsletterPreferencesInput = z.infer<typeof NewsletterPreferencesInput>

/** A member's own preferences; `subscribed: false` unsubscribes, `true` (re)subscribes. */
export const MemberNewsletterInput = z.object({
  subscribed: z.boolean().optional(),
  posts: z.boolean().optional(),
  digest: z.boolean().optional(),
  alerts: z.boolean().optional(),
})
export type MemberNewsletterInput = z.infer<typeof MemberNewsletterInput>

export const NewsletterSendsQuery = z.object({
  page: wholeNumber(1, PAGE_NUMBER_MAX),
  limit: wholeNumber(NEWSLETTER_SENDS_PAGE_SIZE, NEWSLETTER_SENDS_PAGE_SIZE),
})

export const NewsletterSendTestInput = z.object({
  postId: z.string({ error: NEWSLETTER_MESSAGES.postNotFound }).min(1).max(100),
})

export const NewsletterRetryInput = z.object({
  sendId: positiveId('Send id must be a positive whole number'),
})
