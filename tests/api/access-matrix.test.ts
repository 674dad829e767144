import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HTTP_MESSAGES } from '../../server/http/errors.ts'
import { API_ROUTES } from '../../server/api/routes.ts'
import type { Endpoint } from '../../server/api/define.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { asAdmin, createFaq, createPage, createPost } from '../support/factories.ts'

/**
 * Walks every endpoint of the route table (new ones are covered the day they are added): an admin
 * endpoint answers 401 to a visitor and 403 to a member, a member endpoint 401 to a visitor, and
 * neither changes anything in the database when refused.
 */
let t: TestApp
let member: string
beforeAll(async () => {
  t = await createTestApp()
  const admin = await t.createUser({ role: 'admin', displayName: 'Only Admin' })
  const cookie = await t.login(admin, '10.210.0.1')
  const send = asAdmin(t, cookie)
  await createPost(send, { title: 'A post', content: '<p>Body</p>', status: 'published' })
  await createPage(send, { title: 'A page', content: '<p>Body</p>', status: 'published' })
  await createFaq(send, { title: 'A FAQ', content: 'Answer' })
  await send('/_api/announcements/create', { title: 'A note', content: '<p>Body</p>' })
  await t.request('/_api/invoices/create', {
    json: {
      clientName: 'A client',
      clientEmail: 'client@example.com',
      invoiceDate: '2026-11-22',
      dueDate: '2026-12-22',
      items: [{ description: 'Work', quantity: 1, rate: 10 }],
    },
    cookie,
  })
  await t.request('/_api/contact/submit', {
    json: {
      name: 'A sender',
      email: 'sender@example.com',
      subject: 'A question',
      message: 'A message long enough',
    },
    ip: '10.210.0.3',
  })
  const user = await t.createUser({ role: 'user' })
  member = await t.login(user, '10.210.0.2')
})
afterAll(() => t.close())

const TABLES = [
  'users',
  'blog_posts',
  'pages',
  'faqs',
  'videos',
  'header_images',
  'invoices',
  'invoice_items',
  'invoice_counters',
  'announcements',
  // A refused call leaves no entry in the audit log either.
  'admin_activity',
  'contact_messages',
] as const

async function snapshot() {
  const out: Record<string, unknown[]> = {}
  for (const table of TABLES) out[table] = await t.db.selectFrom(table).selectAll().execute()
  return out
}

/** A plausible body, so a refusal comes from the access check and not from validation. */
function plausible(): Record<string, string> {
  return {
    userId: '1',
    invoiceId: '1',
    id: '1',
    key: 'header-images/x',
    title: 'Changed',
    content: 'Changed',
    email: 'changed@example.com',
    displayName: 'Changed',
    role: 'user',
    password: 'long enough password',
    newPassword: 'long enough password',
    channelId: 'UC1234567890123456789012',
  }
}

async function send(ep: Endpoint, cookie?: string) {
  const path = `/_api${ep.path}`
  if (ep.method === 'GET')
    return t.request(`${path}?${new URLSearchParams(plausible())}`, { cookie })
  if (ep.source === 'multipart') {
    const body = new FormData()
    for (const [k, v] of Object.entries(plausible())) body.append(k, v)
    body.append('avatar', new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }))
    body.append('image', new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }))
    return t.request(path, { body, cookie })
  }
  return t.request(path, { json: plausible(), cookie })
}

const guarded = API_ROUTES.filter((ep) => ep.access !== 'public')

describe('every endpoint enforces its access on the server', () => {
  it('the table has admin endpoints to walk', () => {
    expect(guarded.filter((ep) => ep.access === 'admin').length).toBeGreaterThanOrEqual(20)
  })

  for (const ep of guarded) {
    it(`${ep.method} ${ep.path} (${ep.access}) refuses a visitor${ep.access === 'admin' ? ' and a member' : ''}`, async () => {
      const before = await snapshot()
      const anonymous = await send(ep)
      expect(anonymous.status, anonymous.text).toBe(401)
      expect(anonymous.json.error).toBe(HTTP_MESSAGES.notAuthenticated)
      if (ep.access === 'admin') {
        const asMember = await send(ep, member)
        expect(asMember.status, asMember.text).toBe(403)
        expect(asMember.json.error).toBeTruthy()
      }
      expect(await snapshot()).toEqual(before)
    })
  }
})
