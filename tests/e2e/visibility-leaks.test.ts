import {
  type APIRequestContext,
  expect,
  request as playwrightRequest,
  test,
} from '@playwright/test'
import type { BlogPost } from '../../contracts/blog-constants.ts'
import { createPost } from '../support/factories.ts'
import { ACCOUNTS, adminSend, baseURL, loginHeaders } from './helpers.ts'

/**
 * What only the real render makes — the post page's HTML, its Open Graph and Twitter tags, its
 * JSON-LD and its data for client navigations — holds no sentence of a protected body for a
 * visitor, holds it for a member, and holds it for everyone once an early-access post opens.
 * Requests only: no browser page.
 */
const contexts: APIRequestContext[] = []

async function signedIn(who: keyof typeof ACCOUNTS): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: baseURL() })
  contexts.push(context)
  const { email, password } = ACCOUNTS[who]
  const res = await context.post('/_api/auth/login_with_password', {
    data: { email, password },
    headers: loginHeaders(),
  })
  expect(res.ok(), `login as ${who}`).toBe(true)
  return context
}

async function visitor(): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: baseURL() })
  contexts.push(context)
  return context
}

// With fully parallel tests a worker can run this file's tests in more than one batch, each
// ending with this hook: a context is disposed once, by the hook that follows its test.
test.afterAll(async () => {
  for (const context of contexts.splice(0)) await context.dispose()
})

/** The post page's head: its description tags and its JSON-LD, as the server rendered them. */
function head(html: string) {
  const meta = (key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1]
  const ld = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1]
  return {
    description: meta('description'),
    og: meta('og:description'),
    twitter: meta('twitter:description'),
    ld: ld ? (JSON.parse(ld) as Record<string, unknown>) : null,
  }
}

function protectedPost(kind: 'members' | 'early-access', publicAt?: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`
  const word = `${kind === 'members' ? 'quasar' : 'nebula'}whisper${stamp}`
  return {
    word,
    marker: `This sentence is for members only and holds ${word}.`,
    fields: (excerpt?: string) => ({
      title: `Protected ${kind} ${stamp}`,
      content: `<p>This sentence is for members only and holds ${word}.</p><p>A second paragraph.</p>`,
      status: 'published' as const,
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
      visibility: kind,
      publicAt,
      excerpt,
    }),
  }
}

test.describe('protected post bodies in the rendered page', () => {
  for (const kind of ['members', 'early-access'] as const) {
    test(`${kind}: a visitor's HTML, meta tags, JSON-LD and data hold no body; a member's hold it`, async () => {
      const admin = await signedIn('admin')
      const inADay = new Date(Date.now() + 86_400_000).toISOString()
      const made = protectedPost(kind, kind === 'early-access' ? inADay : undefined)
      const excerpt = kind === 'members' ? undefined : 'An excerpt the author wrote.'
      const post: BlogPost = await createPost(adminSend(admin), made.fields(excerpt))

      const anonymous = await visitor()
      for (const url of [`/blog/${post.slug}`, `/blog/${post.slug}`, `/blog/${post.slug}.data`]) {
        const res = await anonymous.get(url)
        expect(res.status(), url).toBe(200)
        const text = await res.text()
        expect(text, url).toContain(post.title)
        expect(text, url).not.toContain(made.word)
        expect(text, url).not.toContain('This sentence is for members only')
      }
      const tags = head(await (await anonymous.get(`/blog/${post.slug}`)).text())
      for (const description of [tags.og, tags.twitter, tags.ld?.description])
        expect(description ?? '').toBe(excerpt ?? '')
      expect(tags.ld).toMatchObject({ headline: post.title, isAccessibleForFree: false })

      const member = await signedIn('member')
      const page = await member.get(`/blog/${post.slug}`)
      expect(page.headers()['cache-control']).toBe('private, no-store')
      const html = await page.text()
      expect(html).toContain(made.marker)
      expect(head(html).ld).not.toHaveProperty('isAccessibleForFree')
      expect(await (await member.get(`/blog/${post.slug}.data`)).text()).toContain(made.marker)
    })
  }

  test('an early-access page cached for visitors opens to them at its publicAt', async () => {
    const admin = await signedIn('admin')
    // Real time: ahead enough for the first visits, near enough to wait for.
    const publicAt = new Date(Date.now() + 6_000).toISOString()
    const made = protectedPost('early-access', publicAt)
    const post = await createPost(adminSend(admin), made.fields())
    const anonymous = await visitor()
    const first = await anonymous.get(`/blog/${post.slug}`)
    const cached = await anonymous.get(`/blog/${post.slug}`)
    expect(cached.headers()['etag']).toBe(first.headers()['etag'])
    expect(await cached.text()).not.toContain(made.word)
    expect(Date.now()).toBeLessThan(Date.parse(publicAt))
    await new Promise((r) => setTimeout(r, Date.parse(publicAt) - Date.now() + 50))
    const opened = await anonymous.get(`/blog/${post.slug}`)
    expect(await opened.text()).toContain(made.marker)
    expect(head(await opened.text()).ld).not.toHaveProperty('isAccessibleForFree')
  })
})
