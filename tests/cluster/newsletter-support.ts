import { randomBytes } from 'node:crypto'
import type { Database } from '../../server/db/dialect.ts'
import { insertConfirmedSubscriptions } from '../../server/db/newsletter-outbox.ts'
import { newTokenKey } from '../../server/newsletter/tokens.ts'
import type { ReceivedMail } from '../support/smtp.ts'
import { request, sessionCookie } from './cluster.ts'

/** What the newsletter's process tests share: subscribers written straight to the database. */
export async function addSubscribers(db: Database, emails: string[]): Promise<void> {
  const subscribers = emails.map((email) => ({ email, tokenKey: newTokenKey() }))
  await insertConfirmedSubscriptions(db, subscribers, new Date().toISOString())
}

export const subscriberEmails = (count: number, domain = 'example.org') =>
  Array.from({ length: count }, (_, i) => `reader${i + 1}@${domain}`)

/** Signs the admin in and publishes a post now (its box ticked, as by default). */
export async function publishPost(
  base: string,
  admin: { email: string; password: string },
): Promise<{ id: string; cookie: string }> {
  const login = await request(base, '/_api/auth/login_with_password', { json: admin })
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`)
  const cookie = sessionCookie(login)
  const title = `Comet ${randomBytes(3).toString('hex')} is bright tonight`
  const res = await request(base, '/_api/blog/create', {
    json: { title, content: '<p>Look west after sunset.</p>', status: 'published' },
    cookie,
  })
  if (res.status !== 200) throw new Error(`create: ${res.status} ${res.text}`)
  return { id: res.json<{ id: string }>().id, cookie }
}

/** How many accepted messages each recipient got. */
export function perRecipient(mails: ReceivedMail[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const mail of mails) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1)
  return counts
}

export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
) {
  const deadline = performance.now() + timeoutMs
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
