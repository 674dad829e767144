import type { BlogPost } from '../../contracts/blog-constants.ts'
import type { Faq } from '../../contracts/faqs.ts'
import type { ContentPage } from '../../contracts/pages.ts'
import type { TestApp } from './test-app.ts'

/**
 * Content as the dashboard creates it: an admin's POST to the API, so the server's own rules
 * (slugs, sanitising, dates, the search index, the page cache's events) apply as in life. Rows
 * written straight to the database, as the first start's seed writes them, come from
 * server/seed/factories.ts.
 *
 * `send` posts an admin's JSON and answers the status and the body's text: `asAdmin(t, cookie)`
 * for an app in this process, or any other client (the cluster's, a browser test's request).
 */
export type AdminSend = (path: string, json: unknown) => Promise<{ status: number; text: string }>

export const asAdmin =
  (t: TestApp, cookie: string): AdminSend =>
  (path, json) =>
    t.request(path, { json, cookie })

type Status = BlogPost['status']

export interface PostFields {
  title: string
  /** `<p>{title}</p>` when absent. */
  content?: string
  slug?: string
  status?: Status
  publishedAt?: string
  excerpt?: string
  tags?: string[]
  featuredImageUrl?: string
  visibility?: BlogPost['visibility']
  publicAt?: string
}

export interface PageFields {
  title: string
  /** `<p>{title}</p>` when absent. */
  content?: string
  slug?: string
  status?: Status
  publishedAt?: string
  metaDescription?: string
}

export interface FaqFields {
  title: string
  /** The title's answer, `Answer to {title}`, when absent. */
  content?: string
}

/** POSTs to an admin's create endpoint and answers what it stored; anything but 200 throws. */
async function created<T>(send: AdminSend, path: string, json: object): Promise<T> {
  const res = await send(path, json)
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.text}`)
  return JSON.parse(res.text) as T
}

export function createPost(send: AdminSend, fields: PostFields): Promise<BlogPost> {
  return created(send, '/_api/blog/create', { content: `<p>${fields.title}</p>`, ...fields })
}

export function createPage(send: AdminSend, fields: PageFields): Promise<ContentPage> {
  return created(send, '/_api/pages/create', { content: `<p>${fields.title}</p>`, ...fields })
}

export function createFaq(send: AdminSend, fields: FaqFields): Promise<Faq> {
  return created(send, '/_api/faqs/create', { content: `Answer to ${fields.title}`, ...fields })
}
