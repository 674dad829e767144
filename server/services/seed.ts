import { randomBytes } from 'node:crypto'
import { ADMIN_ROLE } from '../../contracts/common-constants.ts'
import { type Database, inTransaction } from '../db/dialect.ts'
import { countUsers } from '../db/users.ts'
import { SEED_FAQS, SEED_PAGES, SEED_POSTS } from '../seed/content.ts'
import { createFaq, createPage, createPost, createUser } from '../seed/factories.ts'
import type { Logger } from '../shared/logger.ts'
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

  await inTransaction(db, async (trx) => {
    const admin = await createUser(
      trx,
      { email: options.adminEmail, displayName: 'Site Admin', role: ADMIN_ROLE, password },
      now,
    )
    for (const post of SEED_POSTS) await createPost(trx, admin.id, post, now)
    for (const [position, faq] of SEED_FAQS.entries()) await createFaq(trx, faq, position, now)
    for (const page of SEED_PAGES) await createPage(trx, page, now)
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
