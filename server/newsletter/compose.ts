import { excerpt, htmlToText } from '../../contracts/html-text.ts'
import {
  MAIL_EXCERPT_LENGTH,
  MANAGE_TOKEN_TTL_MS,
  type NewsletterAudience,
} from '../../contracts/newsletter-constants.ts'
import type { Config } from '../config.ts'
import type { BlogPostRow } from '../db/schema.ts'
import type { MailPost, MailSite, RenderedMail, SubscriberLinks } from './mail-types.ts'
import { renderPostMail } from './mails.ts'
import { signToken } from './tokens.ts'

/**
 * What every newsletter mail is made of besides its rendering: the site's absolute addresses,
 * a post as a mail shows it, and each recipient's signed links. A send's mail is rendered once
 * with a marker where the recipient's token goes; each recipient's copy replaces the marker.
 */
export function siteOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`
}

export function mailSite(config: Pick<Config, 'publicUrl' | 'port' | 'siteName'>): MailSite {
  return { name: config.siteName, url: siteOrigin(config) }
}

/** Letters only, so no rendering escapes or splits it. */
const TOKEN_MARK = 'NEWSLETTERTOKENMARKX7Q'

export function linksFor(origin: string, token: string): SubscriberLinks {
  return {
    preferencesUrl: `${origin}/email/preferences?t=${token}`,
    unsubscribeUrl: `${origin}/_api/newsletter/unsubscribe?t=${token}`,
  }
}

/** The links a template is rendered with. */
export const templateLinks = (origin: string) => linksFor(origin, TOKEN_MARK)

export function manageToken(
  secret: string,
  subscription: { id: number; token_key: string },
  now: Date,
): string {
  return signToken(secret, {
    purpose: 'manage',
    subscriptionId: subscription.id,
    tokenKey: subscription.token_key,
    expiresAt: new Date(now.getTime() + MANAGE_TOKEN_TTL_MS),
  })
}

/** The template with the recipient's token where the marker is. */
export function personalise(template: RenderedMail, token: string): RenderedMail {
  return {
    subject: template.subject,
    html: template.html.replaceAll(TOKEN_MARK, token),
    text: template.text.replaceAll(TOKEN_MARK, token),
  }
}

const absolute = (origin: string, url: string | null) =>
  url === null ? null : new URL(url, `${origin}/`).toString()

/** A post as its mail shows it; `membersOnly` when its readers must sign in to read it. */
export function mailPost(
  origin: string,
  post: Pick<
    BlogPostRow,
    'title' | 'slug' | 'published_at' | 'featured_image_url' | 'excerpt' | 'card_excerpt'
  > & { content?: string },
  membersOnly: boolean,
): MailPost {
  const own = post.excerpt?.trim()
  return {
    title: post.title,
    url: `${origin}/blog/${encodeURIComponent(post.slug)}`,
    publishedAt: post.published_at ?? new Date(0).toISOString(),
    imageUrl: absolute(origin, post.featured_image_url),
    imageAlt: post.title,
    excerpt: own
      ? own
      : post.content !== undefined
        ? excerpt(htmlToText(post.content), MAIL_EXCERPT_LENGTH)
        : post.card_excerpt,
    membersOnly,
  }
}

/** The stable Message-ID of one delivery: a second copy after a crash carries the same one. */
export function deliveryMessageId(origin: string, newsletterId: number, subscriptionId: number) {
  return `<newsletter-${newsletterId}-${subscriptionId}@${new URL(origin).hostname}>`
}

/** A post's mail, as subscribers of this audience get it. */
export function renderPost(
  config: Pick<Config, 'publicUrl' | 'port' | 'siteName' | 'timeZone'>,
  post: BlogPostRow,
  audience: NewsletterAudience,
  links: SubscriberLinks = templateLinks(siteOrigin(config)),
): RenderedMail {
  const origin = siteOrigin(config)
  return renderPostMail({
    site: mailSite(config),
    post: mailPost(origin, post, audience === 'members' && post.visibility !== 'public'),
    links,
    timeZone: config.timeZone,
  })
}
