import { createElement as h, type ReactNode } from 'react'
import {
  Button,
  COLUMN_WIDTH,
  EmailDocument,
  Heading,
  Image,
  LayoutTable,
  Note,
  Paragraph,
  Row,
  Section,
  TextLink,
  renderEmail,
} from './mail-components.ts'
import { kpText } from '../../contracts/aurora.ts'
import type {
  AuroraMailInput,
  ConfirmMailInput,
  DigestMailInput,
  MailPost,
  MailSite,
  PostMailInput,
  RenderedMail,
  SubscriberLinks,
} from './mail-types.ts'

/**
 * The newsletter's mails (a post, a digest, a confirmation, an aurora alert), each as HTML (components in mail-components.ts, ADR 021) and as
 * plain text carrying the same words and every link written out.
 */

/** A digest's post carries this much of its excerpt. */
const DIGEST_EXCERPT_LENGTH = 220
const PREHEADER_LENGTH = 140
const DIGEST_IMAGE_WIDTH = 96

/**
 * An address a mail may carry: absolute http(s), resolved against the site when given as a path
 * (a file on the site's own storage); anything else is refused rather than sent.
 */
function absolute(url: string, site: MailSite): string {
  const resolved = new URL(url, `${site.url}/`)
  if (resolved.protocol !== 'https:' && resolved.protocol !== 'http:') {
    throw new Error(`a mail links only to http(s) addresses, not ${resolved.protocol}`)
  }
  return resolved.href
}

/** The site as a mail names it: its address checked like every other. */
function mailSite(site: MailSite): MailSite {
  return { name: oneLine(site.name), url: absolute(site.url, site).replace(/\/$/, '') }
}

/** A header line: no line breaks or control characters, spaces collapsed. */
function oneLine(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** At most `max` characters, cut at a word and marked with an ellipsis. */
function shorten(value: string, max: number): string {
  const flat = oneLine(value)
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`
}

const paragraphs = (value: string) =>
  value
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)

// Made on first use: a process's first Intl formatter loads ICU's data (server/startup-footprint.test.ts).
const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** "March 6, 2026", on the calendar of the site's time zone, as the site writes dates. */
export function mailDate(iso: string, timeZone: string): string {
  let format = dateFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone })
    dateFormats.set(timeZone, format)
  }
  return format.format(new Date(iso))
}

const isEarlyAccess = (post: MailPost): post is MailPost & { publicAt: string } =>
  !!post.publicAt && Date.parse(post.publicAt) > Date.parse(post.publishedAt)

function accessLine(post: MailPost, site: MailSite, timeZone: string): string | null {
  if (!post.membersOnly) return null
  if (isEarlyAccess(post)) {
    return `Members read this post first: sign in on ${site.name} to read it now. Everyone can read it from ${mailDate(post.publicAt, timeZone)}.`
  }
  return `This post is for members: sign in on ${site.name} to read it.`
}

function digestAccessLine(post: MailPost, timeZone: string): string | null {
  if (!post.membersOnly) return null
  return isEarlyAccess(post)
    ? `Members first: sign in to read it now, or read it from ${mailDate(post.publicAt, timeZone)}.`
    : 'For members: sign in to read it.'
}

interface FooterProps {
  site: MailSite
  reason: string
  links?: SubscriberLinks
}

/** Why the mail came, and the way out of it. */
function FooterText({ site, reason, links }: FooterProps): ReactNode {
  return [
    h(
      Paragraph,
      { key: 'why', muted: true, size: 13, bottom: links ? 8 : 0 },
      `${reason} `,
      h(TextLink, { href: site.url }, site.name),
      '.',
    ),
    links &&
      h(
        Paragraph,
        { key: 'manage', muted: true, size: 13, bottom: 0 },
        h(
          TextLink,
          { href: absolute(links.preferencesUrl, site) },
          'Manage your e-mail preferences or unsubscribe',
        ),
      ),
  ]
}

function footerText({ site, reason, links }: FooterProps): string[] {
  return [
    '--',
    `${reason} ${site.name} (${site.url}).`,
    ...(links
      ? [`Manage your e-mail preferences or unsubscribe: ${absolute(links.preferencesUrl, site)}`]
      : []),
  ]
}

function headerText(site: MailSite): string[] {
  return [`${site.name} (${site.url})`, '']
}

const underline = (title: string) => [title, '='.repeat(Math.min(title.length, 72))]

const joinText = (lines: Array<string | null | false>) =>
  `${lines.filter((line) => line !== null && line !== false).join('\n')}\n`

export function renderPostMail(input: PostMailInput): RenderedMail {
  const { post, links, timeZone } = input
  const site = mailSite(input.site)
  const url = absolute(post.url, site)
  const imageUrl = post.imageUrl ? absolute(post.imageUrl, site) : null
  const title = oneLine(post.title)
  const date = mailDate(post.publishedAt, timeZone)
  const access = accessLine(post, site, timeZone)
  const excerpt = paragraphs(post.excerpt)
  const footer: FooterProps = { site, reason: 'You subscribed to new posts from', links }

  const html = renderEmail(
    h(
      EmailDocument,
      {
        title,
        preheader: shorten(post.excerpt, PREHEADER_LENGTH) || title,
        site,
        footer: h(FooterText, footer),
      },
      imageUrl &&
        h(
          Row,
          null,
          h(
            'a',
            { href: url },
            h(Image, { src: imageUrl, alt: post.imageAlt || title, width: COLUMN_WIDTH }),
          ),
        ),
      h(
        Section,
        { top: 28 },
        h(Heading, null, h(TextLink, { href: url, plain: true }, title)),
        h(Paragraph, { muted: true, size: 14, bottom: 20 }, date),
        excerpt.map((p, i) => h(Paragraph, { key: i }, p)),
        access && h(Note, null, access),
        h(Button, { href: url }, 'Read the full post'),
      ),
    ),
  )

  const text = joinText([
    ...headerText(site),
    ...underline(title),
    date,
    '',
    ...excerpt.flatMap((p) => [p, '']),
    access,
    access && '',
    `Read the full post: ${url}`,
    '',
    ...footerText(footer),
  ])
  return { subject: title, html, text }
}

function DigestEntry(props: { post: MailPost; site: MailSite; timeZone: string }): ReactNode {
  const { post, site, timeZone } = props
  const url = absolute(post.url, site)
  const imageUrl = post.imageUrl ? absolute(post.imageUrl, site) : null
  const title = oneLine(post.title)
  const access = digestAccessLine(post, timeZone)
  const body = [
    h(
      Paragraph,
      { key: 'title', size: 18, bottom: 2 },
      h('strong', null, h(TextLink, { href: url, plain: true }, title)),
    ),
    h(
      Paragraph,
      { key: 'date', muted: true, size: 13, bottom: 6 },
      mailDate(post.publishedAt, timeZone),
    ),
    h(
      Paragraph,
      { key: 'excerpt', size: 15, bottom: 4 },
      shorten(post.excerpt, DIGEST_EXCERPT_LENGTH),
    ),
    access && h(Paragraph, { key: 'access', muted: true, size: 13, bottom: 4 }, access),
    h(
      Paragraph,
      { key: 'more', size: 14, bottom: 0 },
      h(TextLink, { href: url }, 'Read the full post'),
    ),
  ]
  return h(
    LayoutTable,
    { style: { margin: '0 0 24px' } },
    h(
      'tr',
      null,
      imageUrl &&
        h(
          'td',
          {
            width: DIGEST_IMAGE_WIDTH + 16,
            valign: 'top',
            style: { width: `${DIGEST_IMAGE_WIDTH + 16}px`, paddingRight: '16px' },
          },
          h(
            'a',
            { href: url },
            h(Image, { src: imageUrl, alt: post.imageAlt || title, width: DIGEST_IMAGE_WIDTH }),
          ),
        ),
      h('td', { valign: 'top' }, body),
    ),
  )
}

export function renderDigestMail(input: DigestMailInput): RenderedMail {
  const { posts, links, timeZone } = input
  const site = mailSite(input.site)
  const subject = oneLine(`This week on ${site.name}`)
  const blog = absolute('/blog', site)
  const span = `${posts.length === 1 ? 'One new post' : `${posts.length} new posts`} from ${mailDate(input.from, timeZone)} to ${mailDate(input.to, timeZone)}`
  const footer: FooterProps = { site, reason: 'You subscribed to the weekly digest from', links }

  const html = renderEmail(
    h(
      EmailDocument,
      {
        title: subject,
        preheader: posts.map((p) => oneLine(p.title)).join(' · '),
        site,
        footer: h(FooterText, footer),
      },
      h(
        Section,
        { top: 28, bottom: 4 },
        h(Heading, null, subject),
        h(Paragraph, { muted: true, size: 14, bottom: 24 }, span),
        posts.map((post, i) => h(DigestEntry, { key: i, post, site, timeZone })),
        h(Button, { href: blog }, 'See all posts'),
      ),
    ),
  )

  const text = joinText([
    ...headerText(site),
    ...underline(subject),
    span,
    '',
    ...posts.flatMap((post) => [
      `* ${oneLine(post.title)}`,
      `  ${mailDate(post.publishedAt, timeZone)}`,
      `  ${shorten(post.excerpt, DIGEST_EXCERPT_LENGTH)}`,
      ...(post.membersOnly ? [`  ${digestAccessLine(post, timeZone)}`] : []),
      `  Read the full post: ${absolute(post.url, site)}`,
      '',
    ]),
    `See all posts: ${blog}`,
    '',
    ...footerText(footer),
  ])
  return { subject, html, text }
}

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`)

export function renderConfirmMail(input: ConfirmMailInput): RenderedMail {
  const site = mailSite(input.site)
  const url = absolute(input.confirmUrl, site)
  const subject = oneLine(`Confirm your subscription to ${site.name}`)
  const ask = `Please confirm that you want e-mail from ${site.name} at this address. Until you do, we send it nothing.`
  const lasts = `The link works for ${hours(input.expiresInHours)}.`
  const ignore = 'If you did not ask for this, ignore this e-mail — you will get nothing else.'
  const footer: FooterProps = {
    site,
    reason: 'Someone entered this address in the subscribe form of',
  }

  const html = renderEmail(
    h(
      EmailDocument,
      { title: subject, preheader: ask, site, footer: h(FooterText, footer) },
      h(
        Section,
        { top: 28, bottom: 8 },
        h(Heading, null, 'Confirm your subscription'),
        h(Paragraph, null, ask),
        h(Button, { href: url }, 'Confirm your subscription'),
        h(Paragraph, { size: 15 }, lasts),
        h(Paragraph, { size: 15 }, ignore),
        h(
          Paragraph,
          { muted: true, size: 13 },
          'If the button does not work, open this address: ',
          h(TextLink, { href: url }, url),
        ),
      ),
    ),
  )

  const text = joinText([
    ...headerText(site),
    ...underline('Confirm your subscription'),
    ask,
    '',
    `Confirm your subscription: ${url}`,
    '',
    lasts,
    ignore,
    '',
    ...footerText(footer),
  ])
  return { subject, html, text }
}

const clockFormats = new Map<string, Intl.DateTimeFormat>()

/** "21:10" and the zone's short name ("CET", "GMT+1"), in the place's own time. */
function localTime(iso: string, timeZone: string): { time: string; zone: string } {
  let format = clockFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
      timeZone,
    })
    clockFormats.set(timeZone, format)
  }
  const parts = format.formatToParts(new Date(iso))
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return { time: `${part('hour')}:${part('minute')}`, zone: part('timeZoneName') }
}

/** The alert's dark hours as the subject and the text write them. */
function auroraHours(input: Pick<AuroraMailInput, 'start' | 'end' | 'timeZone'>) {
  const start = localTime(input.start, input.timeZone)
  const end = localTime(input.end, input.timeZone)
  // Across a change of the clocks each end has its own zone ("01:30 CEST to 02:30 CET").
  const sameZone = start.zone === end.zone
  const window = sameZone
    ? `${start.time}–${end.time} ${end.zone}`
    : `${start.time} ${start.zone}–${end.time} ${end.zone}`
  return { start, end, sameZone, window }
}

/** An alert's subject, without rendering its mail (the check queues it with the send). */
export function auroraSubject(input: Pick<AuroraMailInput, 'kp' | 'start' | 'end' | 'timeZone'>) {
  return oneLine(`Aurora alert: ${kpText(input.kp)} while it is dark, ${auroraHours(input).window}`)
}

export function renderAuroraMail(input: AuroraMailInput): RenderedMail {
  const site = mailSite(input.site)
  const { start, end, sameZone } = auroraHours(input)
  const from = sameZone ? start.time : `${start.time} ${start.zone}`
  const until = `${input.open ? 'until at least' : 'to'} ${end.time}`
  const hours = sameZone
    ? `from ${from} ${until} (${end.zone})`
    : `from ${from} ${until} ${end.zone}`
  const place = oneLine(input.place)
  const kp = kpText(input.kp)
  const subject = auroraSubject(input)
  const lead = `The planetary K index is at or forecast to reach ${kp} while it is dark at ${place}: ${hours}.`
  const threshold = `You asked to hear when it reaches Kp ${input.threshold}.`
  const how = `Look ${input.south ? 'south' : 'north'}, away from town lights, once your eyes have had 20 minutes in the dark. A faint aurora often shows better in a phone camera's night mode than to the eye.`
  const kpUrl = absolute('/kp-index', site)
  const profileUrl = absolute('/profile', site)
  const footer: FooterProps = {
    site,
    reason: 'You asked for aurora alerts on',
    links: input.links,
  }

  const html = renderEmail(
    h(
      EmailDocument,
      { title: subject, preheader: lead, site, footer: h(FooterText, footer) },
      h(
        Section,
        { top: 28, bottom: 8 },
        h(Heading, null, `Aurora alert for ${place}`),
        h(Paragraph, null, lead),
        h(Paragraph, null, threshold),
        h(Paragraph, { size: 15 }, how),
        h(Button, { href: kpUrl }, 'See the Kp index'),
        h(
          Paragraph,
          { muted: true, size: 13 },
          'Change the place or the threshold on ',
          h(TextLink, { href: profileUrl }, 'your profile'),
          '.',
        ),
      ),
    ),
  )

  const text = joinText([
    ...headerText(site),
    ...underline(`Aurora alert for ${place}`),
    lead,
    threshold,
    '',
    how,
    '',
    `See the Kp index: ${kpUrl}`,
    `Change the place or the threshold on your profile: ${profileUrl}`,
    '',
    ...footerText(footer),
  ])
  return { subject, html, text }
}
