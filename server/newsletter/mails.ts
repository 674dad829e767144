import type {
  ConfirmMailInput,
  DigestMailInput,
  PostMailInput,
  RenderedMail,
} from './mail-types.ts'

// The first, plain rendering of the newsletter's mails; the e-mail components replace it.
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function renderPostMail(input: PostMailInput): RenderedMail {
  const { post, site, links } = input
  return {
    subject: post.title,
    html: `<p><a href="${escape(post.url)}">${escape(post.title)}</a></p><p>${escape(post.excerpt)}</p><p><a href="${escape(links.preferencesUrl)}">Preferences</a> · <a href="${escape(links.unsubscribeUrl)}">Unsubscribe</a></p>`,
    text: `${post.title}\n\n${post.excerpt}\n\nRead the full post: ${post.url}\n\n${site.name}\nPreferences: ${links.preferencesUrl}\nUnsubscribe: ${links.unsubscribeUrl}\n`,
  }
}

export function renderDigestMail(input: DigestMailInput): RenderedMail {
  const lines = input.posts.map((p) => `${p.title}\n${p.url}`).join('\n\n')
  return {
    subject: `This week on ${input.site.name}`,
    html: input.posts
      .map((p) => `<p><a href="${escape(p.url)}">${escape(p.title)}</a></p>`)
      .join(''),
    text: `${lines}\n\nPreferences: ${input.links.preferencesUrl}\nUnsubscribe: ${input.links.unsubscribeUrl}\n`,
  }
}

export function renderConfirmMail(input: ConfirmMailInput): RenderedMail {
  return {
    subject: `Confirm your subscription to ${input.site.name}`,
    html: `<p><a href="${escape(input.confirmUrl)}">Confirm</a></p>`,
    text: `Confirm your subscription: ${input.confirmUrl}\n`,
  }
}
