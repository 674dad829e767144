import { randomUUID } from 'node:crypto'
import { DEFAULT_ROLE, type Role } from '../../contracts/common-constants.ts'
import { hashPassword } from '../auth/passwords.ts'
import { insertPost, upsertSearchDocument } from '../db/blog-posts.ts'
import { type Database, inTransaction } from '../db/dialect.ts'
import { insertFaq } from '../db/faqs.ts'
import { insertPage } from '../db/pages.ts'
import type { BlogPostRow, FaqRow, PageRow, UserRow } from '../db/schema.ts'
import { insertUser } from '../db/users.ts'
import { searchDocuments } from '../services/blog.ts'
import { sanitizeContentHtml } from '../services/html.ts'
import type { SeedFaq, SeedPage, SeedPost } from './content.ts'

/**
 * Rows as the application would store them, written through the repositories: the first start's
 * seed, the benchmark's data and the tests' accounts are made by these. `now` is the creation
 * time (ISO-8601 UTC).
 */
export interface UserFields {
  email: string
  displayName: string
  role?: Role
  /** Stored as its hash; null or absent: an account that signs in only through Discord. */
  password?: string | null
  avatarUrl?: string | null
}

export async function createUser(db: Database, fields: UserFields, now: string): Promise<UserRow> {
  return insertUser(db, {
    email: fields.email,
    display_name: fields.displayName,
    role: fields.role ?? DEFAULT_ROLE,
    avatar_url: fields.avatarUrl ?? null,
    password_hash: fields.password == null ? null : await hashPassword(fields.password),
    created_at: now,
    updated_at: now,
  })
}

/** A post by `authorId`, its HTML sanitised and its search document written; dated when published. */
export async function createPost(
  db: Database,
  authorId: number,
  post: SeedPost,
  now: string,
): Promise<BlogPostRow> {
  return inTransaction(db, async (trx) => {
    const row = await insertPost(trx, {
      id: randomUUID(),
      title: post.title,
      slug: post.slug,
      content: sanitizeContentHtml(post.content),
      excerpt: post.excerpt,
      featured_image_url: post.featuredImageUrl,
      tags: JSON.stringify(post.tags),
      status: post.status,
      published_at: post.publishedAt,
      visibility: 'public',
      public_at: null,
      author_id: authorId,
      created_at: post.publishedAt ?? now,
      updated_at: post.publishedAt ?? now,
    })
    await upsertSearchDocument(trx, row, searchDocuments(post))
    return row
  })
}

export async function createFaq(
  db: Database,
  faq: SeedFaq,
  position: number,
  now: string,
): Promise<FaqRow> {
  return insertFaq(db, {
    title: faq.title,
    content: faq.content,
    position,
    last_updated: faq.lastUpdated,
    created_at: now,
  })
}

export async function createPage(db: Database, page: SeedPage, now: string): Promise<PageRow> {
  return insertPage(db, {
    id: randomUUID(),
    title: page.title,
    slug: page.slug,
    content: sanitizeContentHtml(page.content),
    status: page.status,
    meta_description: page.metaDescription,
    published_at: page.publishedAt,
    created_at: page.publishedAt ?? now,
    updated_at: page.publishedAt ?? now,
  })
}
