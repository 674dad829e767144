import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CONTACT_INBOX_MESSAGES as M,
  type InboxListResponse,
  type InboxMessage,
  replyHref,
} from '../../contracts/contact-messages-constants.ts'
import { insertContactMessage } from '../../server/db/contact-messages.ts'
import { siteJobs } from '../../server/jobs/index.ts'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'

/**
 * The admin inbox of contact-form messages over HTTP, on both engines: who may call it, paging
 * newest first, search over name / e-mail / subject / message, the unread and archived filters,
 * the unread count, marking read, archiving, deleting, bad input, and the retention job.
 */
const DAY = 24 * 60 * 60 * 1000

let t: TestApp
const clock = testClock()
let admin: string
let member: string
let seq = 0

async function seed(
  fields: Partial<{ name: string; email: string; subject: string; message: string }> = {},
) {
  seq++
  const created = new Date(t.clock.now().getTime() + seq * 1000).toISOString()
  return insertContactMessage(t.db, {
    name: fields.name ?? `Sender ${seq}`,
    email: fields.email ?? `sender${seq}@example.org`,
    subject: fields.subject ?? `Question number ${seq}`,
    message: fields.message ?? `A message body ${seq}`,
    ip: null,
    user_agent: null,
    created_at: created,
    email_status: 'not_configured',
  })
}

async function list(query: Record<string, string> = {}) {
  const res = await t.request(`/_api/admin/messages/list?${new URLSearchParams(query)}`, {
    cookie: admin,
  })
  return res as typeof res & { json: InboxListResponse }
}

const update = (json: unknown, cookie = admin) =>
  t.request('/_api/admin/messages/update', { json, cookie })
const remove = (json: unknown, cookie = admin) =>
  t.request('/_api/admin/messages/delete', { json, cookie })

beforeAll(async () => {
  t = await createTestApp({ clock })
  admin = await t.login(await t.createUser({ role: 'admin' }), '10.230.0.1')
  member = await t.login(await t.createUser({ role: 'user' }), '10.230.0.2')
})
afterAll(() => t?.close())

describe('access', () => {
  it.each([
    ['GET', '/_api/admin/messages/list'],
    ['POST', '/_api/admin/messages/update'],
    ['POST', '/_api/admin/messages/delete'],
  ])('%s %s: visitor 401, member 403, admin 200', async (method, path) => {
    const row = await seed()
    const body = method === 'POST' ? { json: { id: row.id, read: true } } : {}
    expect((await t.request(path, body)).status).toBe(401)
    expect((await t.request(path, { ...body, cookie: member })).status).toBe(403)
    expect((await t.request(path, { ...body, cookie: admin })).status).toBe(200)
  })
})

describe('the inbox', () => {
  beforeAll(async () => {
    await t.db.deleteFrom('contact_messages').execute()
    for (let i = 0; i < 25; i++) await seed()
    await seed({ name: 'Ada Lovelace', subject: 'Saturn rings', message: 'Which eyepiece?' })
    await seed({ email: 'comet.hunter@example.net', message: 'I saw 100% of the comet' })
  })

  it('pages newest first with a bounded limit, and counts the unread', async () => {
    const first = await list({ limit: '10' })
    expect(first.status).toBe(200)
    expect(first.json.total).toBe(27)
    expect(first.json.unread).toBe(27)
    expect(first.json.messages).toHaveLength(10)
    expect(first.json.messages[0]!.email).toBe('comet.hunter@example.net')
    const dates = first.json.messages.map((m) => m.createdAt)
    expect([...dates].sort().reverse()).toEqual(dates)
    const third = await list({ limit: '10', page: '3' })
    expect(third.json.messages).toHaveLength(7)
    expect((await list()).json.messages).toHaveLength(20)
    const ids = new Set(
      [
        ...first.json.messages,
        ...(await list({ limit: '10', page: '2' })).json.messages,
        ...third.json.messages,
      ].map((m) => m.id),
    )
    expect(ids.size).toBe(27)
  })

  it('searches name, e-mail, subject and message, case-insensitively and literally', async () => {
    for (const search of ['ada love', 'COMET.HUNTER', 'saturn', 'EYEPIECE', '100%']) {
      const res = await list({ search })
      expect(res.json.total, search).toBe(1)
    }
    expect((await list({ search: '1_0' })).json.total).toBe(0)
    expect((await list({ search: 'nobody at all' })).json.messages).toEqual([])
    // A NUL, a lone surrogate or an emoji in the search is an empty answer, never a 500.
    for (const search of ['a\u0000b', '\ud800', '🔭', "'; drop table x; --"]) {
      const res = await list({ search })
      expect(res.status, JSON.stringify(search)).toBeLessThan(500)
    }
  })

  it('opens a message (read), archives it, filters, and deletes it', async () => {
    const target = (await list({ search: 'saturn' })).json.messages[0]!
    expect(target.readAt).toBeNull()
    const read = await update({ id: target.id, read: true })
    expect(read.status).toBe(200)
    expect((read.json as { message: InboxMessage }).message.readAt).toBe(
      t.clock.now().toISOString(),
    )
    expect((await list()).json.unread).toBe(26)
    expect((await list({ filter: 'unread' })).json.total).toBe(26)

    const archived = await update({ id: target.id, archived: true })
    expect((archived.json as { message: InboxMessage }).message.archivedAt).not.toBeNull()
    expect((await list()).json.total).toBe(26)
    const inArchive = await list({ filter: 'archived' })
    expect(inArchive.json.messages.map((m) => m.id)).toEqual([target.id])

    // An unread message archived leaves the unread count.
    const other = (await list({ search: 'comet' })).json.messages[0]!
    await update({ id: other.id, archived: true })
    expect((await list()).json.unread).toBe(25)
    // The dashboard's stats carry the same count.
    const stats = await t.request('/_api/admin/stats', { cookie: admin })
    expect((stats.json as { unreadMessages: number }).unreadMessages).toBe(25)
    await update({ id: other.id, archived: false, read: false })
    expect((await list()).json.unread).toBe(26)

    await update({ id: target.id, read: false })
    expect(
      (await list({ filter: 'archived', search: 'saturn' })).json.messages[0]!.readAt,
    ).toBeNull()

    expect((await remove({ id: target.id })).status).toBe(200)
    expect((await list({ filter: 'archived' })).json.total).toBe(0)
    expect((await remove({ id: target.id })).json.error).toBe(M.notFound)
  })
})

describe('the audit log', () => {
  it('has one entry per change, naming the message by its id and nothing of its sender', async () => {
    const { id } = await seed({ name: 'Henrietta Leavitt', email: 'henrietta@example.org' })
    expect((await update({ id, read: true, archived: true })).status).toBe(200)
    expect((await remove({ id })).status).toBe(200)
    const entries = await t.db
      .selectFrom('admin_activity')
      .select(['kind', 'action', 'target_id', 'summary'])
      .where('kind', '=', 'message')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute()
    expect(entries).toEqual([
      {
        kind: 'message',
        action: 'update',
        target_id: String(id),
        summary: `Updated message #${id}: read, archived`,
      },
      {
        kind: 'message',
        action: 'delete',
        target_id: String(id),
        summary: `Deleted message #${id}`,
      },
    ])
  })
})

describe('bad input answers 4xx with a clear message', () => {
  it.each([
    [{ id: 'abc', read: true }, M.idInvalid],
    [{ id: 1.5, read: true }, M.idInvalid],
    [{ id: -3, read: true }, M.idInvalid],
    [{ id: 99999999999, read: true }, M.idInvalid],
    [{ id: 1 }, M.nothingToChange],
  ])('update %j', async (json, message) => {
    const res = await update(json)
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(message)
  })

  it('unknown ids are 404', async () => {
    expect((await update({ id: 2_000_000_000, read: true })).status).toBe(404)
    const res = await remove({ id: 2_000_000_000 })
    expect(res.status).toBe(404)
    expect(res.json.error).toBe(M.notFound)
    expect((await remove({ id: 'x' })).status).toBe(400)
  })

  it.each([
    [{ filter: 'spam' }, M.filterInvalid],
    [{ search: 'x'.repeat(201) }, M.searchTooLong],
    [{ limit: '101' }, 'Must be at most 100'],
    [{ page: '0' }, 'Must be a positive whole number'],
  ])('list %j', async (query, message) => {
    const res = await list(query)
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(message)
  })
})

describe('retention', () => {
  it('the daily job deletes messages older than CONTACT_RETENTION_DAYS (365 by default)', async () => {
    expect(t.config.contactRetentionDays).toBe(365)
    await t.db.deleteFrom('contact_messages').execute()
    const old = await seed()
    clock.advance(200 * DAY)
    const recent = await seed()
    clock.advance(166 * DAY)
    const job = siteJobs(t.services).find((j) => j.name === 'contact-retention')!
    expect(job.every).toBe(DAY)
    await job.run()
    const left = await t.db.selectFrom('contact_messages').select('id').execute()
    expect(left.map((r) => r.id)).toEqual([recent.id])
    expect(old.id).not.toBe(recent.id)
  })
})

describe('reply', () => {
  it('is a mailto with "Re: subject" prefilled', () => {
    expect(replyHref({ email: 'ada@example.com', subject: 'Saturn & rings' })).toBe(
      'mailto:ada@example.com?subject=Re%3A%20Saturn%20%26%20rings',
    )
    expect(replyHref({ email: 'ada@example.com', subject: 'Re: hello' })).toBe(
      'mailto:ada@example.com?subject=Re%3A%20hello',
    )
  })
})
