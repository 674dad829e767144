import type { ListPagination } from './blog-constants.ts'

/** What a subscription may receive; `alerts` is for sky alerts and off by default. */
export const NEWSLETTER_PREFERENCES = ['posts', 'digest', 'alerts'] as const
export type NewsletterPreference = (typeof NEWSLETTER_PREFERENCES)[number]
export type NewsletterPreferences = Record<NewsletterPreference, boolean>
export const DEFAULT_NEWSLETTER_PREFERENCES: NewsletterPreferences = {
  posts: true,
  digest: true,
  alerts: false,
}

export const NEWSLETTER_KINDS = ['post', 'digest', 'alert'] as const
export type NewsletterKind = (typeof NEWSLETTER_KINDS)[number]
/** Who of the subscribers a send goes to. */
export const NEWSLETTER_AUDIENCES = ['all', 'members', 'email-only'] as const
export type NewsletterAudience = (typeof NEWSLETTER_AUDIENCES)[number]
export const NEWSLETTER_STATES = ['queued', 'sending', 'sent'] as const
export type NewsletterState = (typeof NEWSLETTER_STATES)[number]
export const DELIVERY_STATES = ['queued', 'sending', 'sent', 'failed'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]

/** Waits before the 2nd, 3rd… attempt after a temporary SMTP failure; after the last, failed. */
export const DELIVERY_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const

/** A confirmation link works this long. */
export const CONFIRM_TOKEN_TTL_MS = 48 * 60 * 60 * 1000
/** A preferences / unsubscribe link (in every mail) works this long. */
export const MANAGE_TOKEN_TTL_MS = 365 * 24 * 60 * 60 * 1000
/** The same address asking again within this gets no second confirmation mail. */
export const CONFIRMATION_RESEND_AFTER_MS = 60 * 60 * 1000
/** The admin's list of sends: a page holds at most this many. */
export const NEWSLETTER_SENDS_PAGE_SIZE = 20
/** Failed deliveries shown with a send, newest first. */
export const FAILED_DELIVERIES_SHOWN = 50
/** A post's mail carries its excerpt, or about this many characters of its text. */
export const MAIL_EXCERPT_LENGTH = 600

export const NEWSLETTER_MESSAGES = {
  notConfigured: 'E-mail is not set up on this site yet.',
  subscribed:
    'Thanks! If this address can receive our e-mail, a message with a confirmation link is on its way.',
  emailInvalid: 'Please enter a valid e-mail address.',
  tokenInvalid: 'This link is not valid. It may have been copied incompletely.',
  flagInvalid: (name: string) => `${name} must be true or false.`,
  tokenExpired: 'This link has expired.',
  unsubscribed: 'You are unsubscribed and will get no more e-mail from us.',
  preferencesSaved: 'Your e-mail preferences are saved.',
  sendNotFound: 'Newsletter send not found',
  postNotFound: 'Post not found',
  testSent: 'A test e-mail is on its way to you.',
  requestFailed: 'That did not work. Please check your connection and try again.',
} as const

/** A subscription's preferences as the preferences page and the profile show them. */
export interface NewsletterSubscriptionView {
  email: string
  kind: 'member' | 'email'
  /** False once unsubscribed (every preference is then off). */
  subscribed: boolean
  confirmed: boolean
  preferences: NewsletterPreferences
}

export interface NewsletterStats {
  /** Whether SMTP_URL is set: without it nothing is sent and the admin says so. */
  configured: boolean
  members: number
  emailOnly: number
  /** E-mail-only subscriptions whose address is confirmed. */
  confirmed: number
  unconfirmed: number
  unsubscribed: number
  /** Active (confirmed, not unsubscribed) subscriptions with each preference on. */
  byPreference: { posts: number; digest: number; alerts: number }
}

export interface NewsletterSendSummary {
  id: number
  kind: NewsletterKind
  audience: NewsletterAudience
  subject: string
  postId: string | null
  state: NewsletterState
  createdAt: string
  finishedAt: string | null
  counts: { queued: number; sending: number; sent: number; failed: number }
  /** The newest failed deliveries (at most FAILED_DELIVERIES_SHOWN). */
  failures: Array<{ email: string; lastError: string | null; attempts: number }>
}

export interface NewsletterSendListResponse {
  sends: NewsletterSendSummary[]
  pagination: ListPagination
}
