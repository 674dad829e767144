import { sanitizeContentHtml } from './html.ts'
import { randomBytes, randomUUID } from 'node:crypto'
import { ADMIN_ROLE } from '../../contracts/common-constants.ts'
import { hashPassword } from '../auth/passwords.ts'
import { type Database, inTransaction } from '../db/dialect.ts'
import { insertPost, upsertSearchDocument } from '../db/blog-posts.ts'
import { insertFaq } from '../db/faqs.ts'
import { insertPage } from '../db/pages.ts'
import { countUsers, insertUser } from '../db/users.ts'
import { SEED_FAQS, SEED_PAGES, SEED_POSTS } from '../seed/content.ts'
import type { Logger } from '../shared/logger.ts'
import { searchDocument } from './blog.ts'
import type { Clock } from '../shared/clock.ts'

export interface SeedOptions {
  adminEmail: string
  adminPassword: string | undefined
}

/**
 * Fills an empty database with an admin account and realistic content, so the first start shows a
 * living site. Does nothing when any user exists.
 */
export async function seedIfEmpty(
  db: Database,
  clock: Clock,
  options: SeedOptions,
  logger: Logger,
): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false
  const now = clock.now().toISOString()
  const generated = options.adminPassword === undefined
  const password = options.adminPassword ?? randomBytes(12).toString('base64url')
  const passwordHash = await hashPassword(password)

  await inTransaction(db, async (trx) => {
    const admin = await insertUser(trx, {
      email: options.adminEmail,
      display_name: 'Site Admin',
      role: ADMIN_ROLE,
      avatar_url: null,
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
    })
    for (const post of SEED_POSTS) {
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
        author_id: admin.id,
        created_at: post.publishedAt ?? now,
        updated_at: post.publishedAt ?? now,
      })
      await upsertSearchDocument(trx, row, searchDocument(post))
    }
    for (const [position, faq] of SEED_FAQS.entries()) {
      await insertFaq(trx, {
        title: faq.title,
        content: faq.content,
        position,
        last_updated: faq.lastUpdated,
        created_at: now,
      })
    }
    for (const page of SEED_PAGES) {
      await insertPage(trx, {
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
  })

  logger.info('seeded the empty database', {
    posts: SEED_POSTS.length,
    faqs: SEED_FAQS.length,
    pages: SEED_PAGES.length,
  })
  if (generated) {
    // Printed once, on the console only: it is never stored anywhere in clear.
    console.log(
      `\n  Admin account created: ${options.adminEmail}\n  Generated password:    ${password}\n` +
        '  (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)\n',
    )
  }
  return true
}
