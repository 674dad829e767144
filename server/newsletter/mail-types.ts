/**
 * What the newsletter's mails are made from, and what rendering one gives: the outbox and the
 * subscription service build these inputs, server/newsletter/mails.ts turns them into a message.
 * Every URL here is absolute (PUBLIC_URL, or the request's origin).
 */
export interface RenderedMail {
  subject: string
  html: string
  text: string
}

export interface MailSite {
  name: string
  /** The site's origin, e.g. https://astro.example.org (no trailing slash). */
  url: string
}

/** Every mail to a subscriber carries these (the footer, and the List-Unsubscribe header). */
export interface SubscriberLinks {
  /** /email/preferences?t=… */
  preferencesUrl: string
  /** /_api/newsletter/unsubscribe?t=… (RFC 8058 one-click POST target and footer link). */
  unsubscribeUrl: string
}

export interface MailPost {
  title: string
  url: string
  /** ISO instant. */
  publishedAt: string
  imageUrl: string | null
  imageAlt: string
  /** The author's excerpt, or about MAIL_EXCERPT_LENGTH characters of the post's text. */
  excerpt: string
  /** Members-only or early access: the mail says signing in is needed to read it. */
  membersOnly: boolean
  /**
   * Early access: when everyone may read it (ISO instant); the mail then says members read it
   * first. Absent or null for a members-only post.
   */
  publicAt?: string | null
}

export interface PostMailInput {
  site: MailSite
  post: MailPost
  links: SubscriberLinks
  /** The site's time zone, for the date line. */
  timeZone: string
}

export interface DigestMailInput {
  site: MailSite
  /** Newest first; at least one. */
  posts: MailPost[]
  /** The week the digest covers, as ISO instants. */
  from: string
  to: string
  links: SubscriberLinks
  timeZone: string
}

export interface ConfirmMailInput {
  site: MailSite
  /** /_api/newsletter/confirm?t=… */
  confirmUrl: string
  /** How long the link works, in hours. */
  expiresInHours: number
}

/** The headers every mail to a subscriber carries (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(links: SubscriberLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

/** An aurora alert: what is forecast (or seen) for the member's place, and when it is dark there. */
export interface AuroraMailInput {
  site: MailSite
  /** The highest Kp in the window. */
  kp: number
  /** The member's threshold (theirs or the place's default). */
  threshold: number
  /** The dark hours with that Kp, as ISO instants. */
  start: string
  end: string
  /** The window reaches the end of the three hours looked at: it may well go on. */
  open: boolean
  /** The place's IANA zone: the window is written in its local time. */
  timeZone: string
  /** "Oslo" or "59.91° N, 10.75° E". */
  place: string
  /** Southern hemisphere: the aurora is looked for to the south. */
  south: boolean
  links: SubscriberLinks
}

/** What an alert's send keeps (newsletters.payload, JSON) to render its mail from. */
export type AuroraMailPayload = Omit<AuroraMailInput, 'site' | 'links'>
