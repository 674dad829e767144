// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import {
  confirmMailInput,
  digestMailInput,
  HOSTILE,
  MAIL_LINKS,
  MAIL_SITE,
  mailPost,
  postMailInput,
} from '../../tests/support/newsletter-mail-samples.ts'
import type { RenderedMail } from './mail-types.ts'
import { renderAuroraMail, renderConfirmMail, renderDigestMail, renderPostMail } from './mails.ts'

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')

/** What every mail must be for Gmail, Outlook and Apple Mail alike. */
function expectMailShape(mail: RenderedMail): Document {
  expect(
    mail.html.startsWith('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"'),
  ).toBe(true)
  const doc = parse(mail.html)
  expect(doc.documentElement.getAttribute('lang')).toBe('en')
  expect(doc.title).toBe(mail.subject)
  expect(doc.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('light dark')
  expect(doc.querySelector('meta[name="supported-color-schemes"]')?.getAttribute('content')).toBe(
    'light dark',
  )
  expect(doc.querySelector('meta[name="viewport"]')).not.toBeNull()
  // The only script-free, style-light markup: one <style> for dark colours and phones.
  expect(doc.querySelectorAll('script')).toHaveLength(0)
  expect(doc.querySelectorAll('style')).toHaveLength(1)
  expect(doc.querySelector('link')).toBeNull()

  const targets = [
    ...[...doc.querySelectorAll('[href]')].map((el) => el.getAttribute('href')!),
    ...[...doc.querySelectorAll('[src]')].map((el) => el.getAttribute('src')!),
  ]
  expect(targets.length).toBeGreaterThan(0)
  for (const target of targets) expect(target).toMatch(/^https?:\/\/[^/\s]+/)
  for (const img of doc.querySelectorAll('img')) {
    expect(img.getAttribute('alt')?.trim()).toBeTruthy()
    expect(img.getAttribute('style')).toContain('height:auto')
  }
  for (const el of doc.querySelectorAll('*')) {
    for (const { name } of el.attributes) expect(name).not.toMatch(/^on/i)
  }

  // The 600 px column: fluid up to 600 px, and fixed at 600 for Outlook, which ignores max-width.
  const column = doc.querySelector('table.mail-card')!
  expect(column.getAttribute('style')).toContain('max-width:600px')
  expect(column.getAttribute('style')).toContain('width:100%')
  expect(column.getAttribute('align')).toBe('center')
  expect(mail.html).toContain(
    '<!--[if mso]><table role="presentation" width="600" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->',
  )
  expect(mail.html.match(/<!--\[if mso\]>/g)).toHaveLength(2)
  for (const table of doc.querySelectorAll('table')) {
    expect(table.getAttribute('role')).toBe('presentation')
  }

  const preheader = doc.body.firstElementChild as HTMLElement
  expect(preheader.getAttribute('style')).toContain('display:none')
  expect(preheader.textContent!.trim().length).toBeGreaterThan(10)

  expect(mail.subject).not.toMatch(/[\r\n]/)
  return doc
}

const linkNamed = (doc: Document, name: string) =>
  [...doc.querySelectorAll('a')].filter((a) => a.textContent === name)

/** Why the mail came and the way out, in both parts. */
function expectSubscriberFooter(mail: RenderedMail, doc: Document, reason: string): void {
  expect(doc.body.textContent).toContain(`${reason} Astro Cosmos.`)
  expect(mail.text).toContain(`${reason} Astro Cosmos (https://astro.example.org).`)
  const [manage] = linkNamed(doc, 'Manage your e-mail preferences or unsubscribe')
  expect(manage!.getAttribute('href')).toBe(MAIL_LINKS.preferencesUrl)
  expect(mail.text).toContain(
    `Manage your e-mail preferences or unsubscribe: ${MAIL_LINKS.preferencesUrl}`,
  )
}

describe('the post mail', () => {
  it('carries the title, the date in the site’s zone, the picture, the excerpt and the button', () => {
    const input = postMailInput()
    const mail = renderPostMail(input)
    const doc = expectMailShape(mail)
    expect(mail.subject).toBe(input.post.title)
    expect(doc.querySelector('h1')!.textContent).toBe(input.post.title)
    // 23:30 UTC on December 12 is December 13 in Berlin.
    expect(doc.body.textContent).toContain('December 13, 2026')
    expect(doc.body.textContent).not.toContain('December 12, 2026')

    const [image] = doc.querySelectorAll('img')
    expect(image!.getAttribute('src')).toBe(input.post.imageUrl)
    expect(image!.getAttribute('width')).toBe('600')
    expect(image!.getAttribute('alt')).toBe(input.post.imageAlt)

    expect(doc.body.textContent).toContain('The Geminids are the richest meteor shower')
    expect(doc.body.textContent).toContain('what to bring.')
    const [button] = linkNamed(doc, 'Read the full post')
    expect(button!.getAttribute('href')).toBe(input.post.url)
    // A bulletproof button: the coloured cell carries the colour in Outlook too.
    expect(button!.parentElement!.tagName).toBe('TD')
    expect(button!.parentElement!.getAttribute('bgcolor')).toMatch(/^#[0-9a-f]{6}$/i)

    expect(doc.querySelector('a')!.getAttribute('href')).toBe('https://astro.example.org')
    expect(doc.querySelector('a')!.textContent).toBe('Astro Cosmos')
    expectSubscriberFooter(mail, doc, 'You subscribed to new posts from')
    expect(doc.body.textContent).not.toContain('sign in')
  })

  it('has a plain-text part with the same words and every link written out', () => {
    const input = postMailInput()
    const { text } = renderPostMail(input)
    expect(text).toContain(input.post.title)
    expect(text).toContain('December 13, 2026')
    expect(text).toContain('The Geminids are the richest meteor shower')
    expect(text).toContain(`Read the full post: ${input.post.url}`)
    expect(text).toContain('(https://astro.example.org)')
  })

  it('says that members-only and early-access posts need signing in', () => {
    const members = renderPostMail(postMailInput({ membersOnly: true }))
    const line = 'This post is for members: sign in on Astro Cosmos to read it.'
    expect(parse(members.html).body.textContent).toContain(line)
    expect(members.text).toContain(line)

    const early = renderPostMail(
      postMailInput({ membersOnly: true, publicAt: '2026-12-20T10:00:00.000Z' }),
    )
    const earlyLine =
      'Members read this post first: sign in on Astro Cosmos to read it now. Everyone can read it from December 20, 2026.'
    expect(parse(early.html).body.textContent).toContain(earlyLine)
    expect(early.text).toContain(earlyLine)
  })

  it('leaves the picture out when there is none, and resolves a path on the site', () => {
    const none = expectMailShape(renderPostMail(postMailInput({ imageUrl: null })))
    expect(none.querySelectorAll('img')).toHaveLength(0)
    const local = expectMailShape(
      renderPostMail(postMailInput({ imageUrl: '/uploads/a.webp', imageAlt: '' })),
    )
    const image = local.querySelector('img')!
    expect(image.getAttribute('src')).toBe('https://astro.example.org/uploads/a.webp')
    // Without a description of its own the picture is named by the post's title.
    expect(image.getAttribute('alt')).toBe(mailPost().title)
  })

  it('refuses a link that is not http(s)', () => {
    expect(() => renderPostMail(postMailInput({ url: 'javascript:alert(1)' }))).toThrow(/http/)
    expect(() => renderPostMail(postMailInput({ imageUrl: 'data:image/png;base64,AA' }))).toThrow(
      /http/,
    )
  })

  it('writes hostile titles, excerpts and alt texts as text', () => {
    const input = postMailInput({
      title: HOSTILE.title,
      excerpt: HOSTILE.excerpt,
      imageAlt: HOSTILE.alt,
    })
    const mail = renderPostMail(input)
    const doc = expectMailShape(mail)
    expect(mail.html).not.toContain('<script')
    expect(mail.html).not.toContain('<img src=x')
    expect(mail.html).not.toContain('</p></td></tr></table><style>')
    expect(mail.html).not.toMatch(/href="javascript:/i)
    expect(doc.title).toBe(HOSTILE.title)
    expect(doc.querySelector('h1')!.textContent).toBe(HOSTILE.title)
    expect(doc.body.textContent).toContain(HOSTILE.excerpt)
    expect(doc.querySelector('img')!.getAttribute('alt')).toBe(HOSTILE.alt)
    expect(mail.subject).toBe(HOSTILE.title)
  })

  it('keeps a title with line breaks on one line in the subject', () => {
    const mail = renderPostMail(postMailInput({ title: 'Line one\r\nBcc: someone@example.org' }))
    expect(mail.subject).toBe('Line one Bcc: someone@example.org')
  })
})

describe('the weekly digest', () => {
  it('lists each post with its link, date, excerpt and picture, and the footer', () => {
    const input = digestMailInput()
    const mail = renderDigestMail(input)
    const doc = expectMailShape(mail)
    expect(mail.subject).toBe('This week on Astro Cosmos')
    expect(doc.querySelector('h1')!.textContent).toBe('This week on Astro Cosmos')
    expect(doc.body.textContent).toContain('3 new posts from December 6, 2026 to December 13, 2026')
    for (const post of input.posts) {
      const titled = [...doc.querySelectorAll('a')].find((a) => a.textContent === post.title)
      expect(titled?.getAttribute('href')).toBe(post.url)
      expect(mail.text).toContain(post.title)
      expect(mail.text).toContain(`Read the full post: ${post.url}`)
    }
    const [all] = linkNamed(doc, 'See all posts')
    expect(all!.getAttribute('href')).toBe('https://astro.example.org/blog')
    expect(all!.parentElement!.tagName).toBe('TD')
    expect(mail.text).toContain('See all posts: https://astro.example.org/blog')
    // Two of the three posts have a picture.
    expect(doc.querySelectorAll('img')).toHaveLength(2)
    expect(doc.body.textContent).toContain('For members: sign in to read it.')
    expect(doc.body.textContent).toContain(
      'Members first: sign in to read it now, or read it from December 15, 2026.',
    )
    expectSubscriberFooter(mail, doc, 'You subscribed to the weekly digest from')
  })

  it('shortens a long excerpt and escapes hostile posts', () => {
    const input = digestMailInput([
      mailPost({ title: HOSTILE.title, excerpt: `${HOSTILE.excerpt} ${'word '.repeat(200)}` }),
    ])
    const mail = renderDigestMail(input)
    const doc = expectMailShape(mail)
    expect(mail.html).not.toContain('<script')
    expect(mail.html).not.toMatch(/href="javascript:/i)
    expect(doc.body.textContent).toContain('One new post from')
    const excerpt = [...doc.querySelectorAll('p')].find((p) => p.textContent!.startsWith('</p>'))
    expect(excerpt!.textContent!.length).toBeLessThanOrEqual(220)
    expect(excerpt!.textContent!.endsWith('…')).toBe(true)
  })
})

describe('the confirmation mail', () => {
  it('asks to confirm with a button, says how long the link works and what to do if unasked', () => {
    const input = confirmMailInput()
    const mail = renderConfirmMail(input)
    const doc = expectMailShape(mail)
    expect(mail.subject).toBe('Confirm your subscription to Astro Cosmos')
    const [button] = linkNamed(doc, 'Confirm your subscription')
    expect(button!.getAttribute('href')).toBe(input.confirmUrl)
    const body = doc.body.textContent!
    expect(body).toContain('The link works for 48 hours.')
    expect(body).toContain(
      'If you did not ask for this, ignore this e-mail — you will get nothing else.',
    )
    // No preferences yet: nothing to manage before the address is confirmed.
    expect(linkNamed(doc, 'Manage your e-mail preferences or unsubscribe')).toHaveLength(0)
    expect(mail.text).toContain(`Confirm your subscription: ${input.confirmUrl}`)
    expect(mail.text).toContain('The link works for 48 hours.')
    expect(mail.text).toContain('you will get nothing else.')
  })
})

describe('the aurora alert', () => {
  const alert = (start: string, end: string, open = false) =>
    renderAuroraMail({
      site: MAIL_SITE,
      kp: 7.33,
      threshold: 5,
      start,
      end,
      open,
      timeZone: 'Europe/Oslo',
      place: 'Oslo, NO',
      south: false,
      links: MAIL_LINKS,
    })

  it('says the Kp, the dark hours in the place’s time, where to look, and links the Kp index', () => {
    const mail = alert('2026-11-23T21:00:00Z', '2026-11-23T23:10:00Z')
    const doc = expectMailShape(mail)
    expect(mail.subject).toBe('Aurora alert: Kp 7.3 while it is dark, 22:00–00:10 CET')
    const body = doc.body.textContent!
    expect(body).toContain(
      'The planetary K index is at or forecast to reach Kp 7.3 while it is dark at Oslo, NO: from 22:00 to 00:10 (CET).',
    )
    expect(body).toContain('You asked to hear when it reaches Kp 5.')
    expect(body).toContain('Look north')
    expect(linkNamed(doc, 'See the Kp index')[0]!.getAttribute('href')).toBe(
      `${MAIL_SITE.url}/kp-index`,
    )
    expect(mail.text).toContain(`See the Kp index: ${MAIL_SITE.url}/kp-index`)
    expect(mail.text).toContain(MAIL_LINKS.preferencesUrl)
  })

  it('names each end’s zone across a change of the clocks, and an open end as "until at least"', () => {
    // Summer time ends in Oslo at 01:00 UTC on 25 October 2026: 01:30 CEST, then 02:30 CET.
    const mail = alert('2026-10-24T23:30:00Z', '2026-10-25T01:30:00Z', true)
    expect(mail.subject).toBe('Aurora alert: Kp 7.3 while it is dark, 01:30 CEST–02:30 CET')
    expect(mail.text).toContain('from 01:30 CEST until at least 02:30 CET.')
  })
})
