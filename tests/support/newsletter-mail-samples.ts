import type {
  ConfirmMailInput,
  DigestMailInput,
  MailPost,
  PostMailInput,
  SubscriberLinks,
} from '../../server/newsletter/mail-types.ts'

/** Inputs for the newsletter's mails, as the outbox builds them, for the mails' tests. */
export const MAIL_SITE = { name: 'Astro Cosmos', url: 'https://astro.example.org' }

export const MAIL_LINKS: SubscriberLinks = {
  preferencesUrl: 'https://astro.example.org/email/preferences?t=pref.token-123',
  unsubscribeUrl: 'https://astro.example.org/_api/newsletter/unsubscribe?t=unsub.token-123',
}

export const MAIL_TIME_ZONE = 'Europe/Berlin'

export function mailPost(overrides: Partial<MailPost> = {}): MailPost {
  return {
    title: 'The Geminids peak this weekend: where and when to look',
    url: 'https://astro.example.org/blog/geminids-2026',
    // 23:30 UTC on the 12th is already the 13th in Berlin.
    publishedAt: '2026-12-12T23:30:00.000Z',
    imageUrl: 'https://astro.example.org/uploads/geminids-wide.webp',
    imageAlt: 'Meteors streaking over a dark hillside',
    excerpt:
      'The Geminids are the richest meteor shower of the year, with up to 120 meteors an hour under a dark sky.\n\nThis year the Moon sets early, so the best hours are after midnight on Sunday. Here is how to find the radiant near Castor and what to bring.',
    membersOnly: false,
    ...overrides,
  }
}

export function postMailInput(post: Partial<MailPost> = {}): PostMailInput {
  return { site: MAIL_SITE, post: mailPost(post), links: MAIL_LINKS, timeZone: MAIL_TIME_ZONE }
}

export function digestMailInput(posts?: MailPost[]): DigestMailInput {
  return {
    site: MAIL_SITE,
    posts: posts ?? [
      mailPost(),
      mailPost({
        title: 'Saturn without rings: the ring-plane crossing explained',
        url: 'https://astro.example.org/blog/saturn-ring-plane',
        publishedAt: '2026-12-10T18:00:00.000Z',
        imageUrl: null,
        excerpt:
          'Every 13 to 15 years Earth passes through the plane of Saturn’s rings and they all but disappear from view. A short guide to what the telescope will show in the coming months, and why the planet looks so strange.',
        membersOnly: true,
      }),
      mailPost({
        title: 'Members’ night: imaging the Orion Nebula with a small refractor',
        url: 'https://astro.example.org/blog/orion-small-refractor',
        publishedAt: '2026-12-08T20:00:00.000Z',
        imageUrl: 'https://astro.example.org/uploads/orion-card.webp',
        imageAlt: 'The Orion Nebula in pink and blue',
        excerpt: 'Settings, stacking and processing for M42 from a suburban garden.',
        membersOnly: true,
        publicAt: '2026-12-15T20:00:00.000Z',
      }),
    ],
    from: '2026-12-06T07:00:00.000Z',
    to: '2026-12-13T07:00:00.000Z',
    links: MAIL_LINKS,
    timeZone: MAIL_TIME_ZONE,
  }
}

export function confirmMailInput(): ConfirmMailInput {
  return {
    site: MAIL_SITE,
    confirmUrl: 'https://astro.example.org/_api/newsletter/confirm?t=confirm.token-456',
    expiresInHours: 48,
  }
}

/** Input a visitor or an author could put in a title or excerpt to break out of the markup. */
export const HOSTILE = {
  title: `"><script>alert('t')</script><img src=x onerror=alert(1)> & 'quotes'`,
  excerpt: `</p></td></tr></table><style>body{display:none}</style><a href="javascript:alert(1)">click</a> <!--[if mso]>`,
  alt: `" onload="alert(1)`,
  longWord: `https://example.org/${'averyveryverylongpathsegment'.repeat(8)}`,
}
