import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ACTIVITY_MESSAGES,
  ACTIVITY_SUMMARY_MAX,
  type ActivityEntry,
  type ActivityListResponse,
} from '../../contracts/activity.ts'
import { API_ROUTES } from '../../server/api/routes.ts'
import { FAKE_YOUTUBE } from '../fakes/media.ts'
import { asAdmin, createFaq, createPage, createPost } from '../support/factories.ts'
import { setupMediaApp } from './media-support.ts'

// The fake YouTube on loopback makes the video sync one of the changes recorded.
const ctx = setupMediaApp({ apiKey: false })

const activity = async (query = '', cookie = ctx.admin) => {
  const res = await ctx.t.request(`/_api/admin/activity${query}`, { cookie })
  expect(res.status, res.text).toBe(200)
  return res.json as unknown as ActivityListResponse
}
const rowCount = async () =>
  Number(
    (
      await ctx.t.db
        .selectFrom('admin_activity')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const post = (path: string, json: unknown, cookie = ctx.admin) =>
  ctx.t.request(path, { json, cookie })

/** Runs a change and answers the one entry it wrote (and that it wrote exactly one). */
async function recorded(change: () => Promise<unknown>): Promise<ActivityEntry> {
  const before = await rowCount()
  await change()
  expect(await rowCount()).toBe(before + 1)
  return (await activity('?limit=1')).entries[0]!
}

const photo = () =>
  sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 10, g: 20, b: 60 } } })
    .jpeg()
    .toBuffer()

describe('GET /_api/admin/activity', () => {
  it('answers a visitor 401, a member 403 and an admin 200', async () => {
    expect((await ctx.t.request('/_api/admin/activity')).status).toBe(401)
    expect((await ctx.t.request('/_api/admin/activity', { cookie: ctx.member })).status).toBe(403)
    expect((await ctx.t.request('/_api/admin/activity', { cookie: ctx.admin })).status).toBe(200)
    expect((await ctx.t.request('/_api/admin/activity/admins')).status).toBe(401)
    expect(
      (await ctx.t.request('/_api/admin/activity/admins', { cookie: ctx.member })).status,
    ).toBe(403)
  })

  it('refuses an unknown kind, a non-integer admin id and a limit past the maximum with 400', async () => {
    for (const [query, message] of [
      ['?kind=spaceship', ACTIVITY_MESSAGES.kindInvalid],
      ['?adminId=abc', ACTIVITY_MESSAGES.adminIdInvalid],
      ['?adminId=1.5', ACTIVITY_MESSAGES.adminIdInvalid],
      ['?adminId=-3', ACTIVITY_MESSAGES.adminIdInvalid],
      ['?limit=101', ACTIVITY_MESSAGES.limitTooLarge],
    ] as const) {
      const res = await ctx.t.request(`/_api/admin/activity${query}`, { cookie: ctx.admin })
      expect(res.status, query).toBe(400)
      expect(res.json.error, query).toBe(message)
    }
  })
})

/** Admin POSTs that change nothing: reads sent as POST, and the test mail to the admin alone. */
const ADMIN_POSTS_THAT_CHANGE_NOTHING = [
  '/invoices/get',
  '/admin/newsletter/preview',
  '/admin/newsletter/send-test',
]

describe('what each admin change records', () => {
  it('every admin endpoint that changes data is audited', () => {
    const unaudited = API_ROUTES.filter(
      (ep) =>
        ep.access === 'admin' &&
        ep.method === 'POST' &&
        !ep.audited &&
        !ADMIN_POSTS_THAT_CHANGE_NOTHING.includes(ep.path),
    ).map((ep) => ep.path)
    expect(unaudited).toEqual([])
  })

  const send = () => asAdmin(ctx.t, ctx.admin)

  it('a post: created, updated with the fields sent, deleted', async () => {
    let id = ''
    const created = await recorded(async () => {
      id = (await createPost(send(), { title: 'Orion Nebula', content: '<p>Body</p>' })).id
    })
    expect(created).toMatchObject({
      kind: 'post',
      action: 'create',
      targetId: id,
      summary: 'Created post “Orion Nebula”',
    })
    const updated = await recorded(() =>
      post('/_api/blog/update', { id, title: 'Orion Nebula (M42)', status: 'published' }),
    )
    expect(updated).toMatchObject({
      kind: 'post',
      action: 'update',
      targetId: id,
      summary: 'Updated post “Orion Nebula (M42)”: title, status',
    })
    expect(updated.summary).not.toContain('Body')
    const deleted = await recorded(() => post('/_api/blog/delete', { id }))
    expect(deleted).toMatchObject({ kind: 'post', action: 'delete', targetId: id })
  })

  it('a page, a FAQ and an announcement', async () => {
    const page = await recorded(() => createPage(send(), { title: 'About', content: '<p>x</p>' }))
    expect(page).toMatchObject({ kind: 'page', action: 'create', summary: 'Created page “About”' })
    let faqId = 0
    await recorded(async () => {
      faqId = (await createFaq(send(), { title: 'What is a parsec?', content: 'A distance' })).id
    })
    const faq = await recorded(() => post('/_api/faqs/delete', { id: faqId }))
    expect(faq).toMatchObject({ kind: 'faq', action: 'delete', targetId: String(faqId) })
    const note = await recorded(() =>
      post('/_api/announcements/create', { title: 'Star party', content: '<p>Friday</p>' }),
    )
    expect(note).toMatchObject({ kind: 'announcement', action: 'create' })
  })

  it('a user: created, password set (never the password), role changed', async () => {
    let userId = 0
    const created = await recorded(async () => {
      const res = await post('/_api/admin/users/create', {
        email: 'vera@example.org',
        displayName: 'Vera Rubin',
        password: 'dark matter 1970',
      })
      userId = Number(res.json.user && (res.json.user as { id: number }).id)
    })
    expect(created).toMatchObject({
      kind: 'user',
      action: 'create',
      targetId: String(userId),
      summary: `Created user #${userId}: role user`,
    })
    const password = await recorded(() =>
      post('/_api/admin/users/update-password', { userId, newPassword: 'galaxy rotation 42' }),
    )
    expect(password).toMatchObject({ kind: 'user', action: 'password', targetId: String(userId) })
    const updated = await recorded(() =>
      post('/_api/admin/users/update', { userId, role: 'admin' }),
    )
    expect(updated.summary).toBe(`Updated user #${userId}: role`)
    const rows = await ctx.t.db.selectFrom('admin_activity').selectAll().execute()
    const all = JSON.stringify(rows)
    for (const secret of [
      'galaxy rotation 42',
      'dark matter 1970',
      'vera@example.org',
      'Vera Rubin',
    ])
      expect(all).not.toContain(secret)
  })

  it('an invoice, a header image, a resource and the video sync', async () => {
    const invoice = await recorded(() =>
      post('/_api/invoices/create', {
        clientName: 'Planetarium',
        clientEmail: 'billing@example.org',
        invoiceDate: '2026-11-22',
        dueDate: '2026-12-22',
        items: [{ description: 'Talk', quantity: 1, rate: 100 }],
      }),
    )
    expect(invoice).toMatchObject({ kind: 'invoice', action: 'create' })
    expect(invoice.summary).toMatch(/^Created invoice “INV-\d{4}-\d{4}”$/)

    const image = new FormData()
    image.append(
      'image',
      new File([new Uint8Array(await photo())], 'm31.jpg', { type: 'image/jpeg' }),
    )
    image.append('title', 'Andromeda')
    const uploaded = await recorded(() =>
      ctx.t.request('/_api/images/upload', { body: image, cookie: ctx.admin }),
    )
    expect(uploaded).toMatchObject({
      kind: 'image',
      action: 'upload',
      summary: 'Created header image “Andromeda”',
    })

    const file = new FormData()
    file.append('title', 'Star chart')
    file.append('file', new File(['%PDF-1.4 chart'], 'chart.pdf', { type: 'application/pdf' }))
    const resource = await recorded(() =>
      ctx.t.request('/_api/resources/upload', { body: file, cookie: ctx.admin }),
    )
    expect(resource).toMatchObject({ kind: 'resource', action: 'upload' })

    const sync = await recorded(() =>
      post('/_api/youtube/sync', { channelId: FAKE_YOUTUBE.channelId }),
    )
    expect(sync).toMatchObject({
      kind: 'video',
      action: 'sync',
      targetId: FAKE_YOUTUBE.channelId,
      summary: 'Synced videos: 3 added, 0 updated',
    })
  })

  it('keeps a summary short whatever the title', async () => {
    const entry = await recorded(() =>
      createPage(asAdmin(ctx.t, ctx.admin), { title: 'Sky '.repeat(50), content: '<p>x</p>' }),
    )
    expect(entry.summary.length).toBeLessThanOrEqual(ACTIVITY_SUMMARY_MAX)
    expect(entry.summary).toMatch(/…”$/)
  })

  it('writes nothing for a refused or invalid change', async () => {
    const before = await rowCount()
    expect((await post('/_api/blog/create', { title: 'x' }, ctx.member)).status).toBe(403)
    expect((await post('/_api/blog/create', { content: '<p>no title</p>' })).status).toBe(400)
    expect((await post('/_api/faqs/delete', { id: 999999 })).status).toBe(404)
    expect(
      (
        await post('/_api/admin/users/update-password', {
          userId: 999999,
          newPassword: 'long enough pw',
        })
      ).status,
    ).toBe(404)
    expect(await rowCount()).toBe(before)
  })
})

describe('paging and filters', () => {
  let other: { id: number; cookie: string }
  beforeAll(async () => {
    await ctx.t.db.deleteFrom('admin_activity').execute()
    const signed = await ctx.t.signedIn('admin')
    other = { id: signed.user.id, cookie: signed.cookie }
    for (let i = 0; i < 25; i++) {
      ctx.clock.advance(1000)
      await createFaq(asAdmin(ctx.t, ctx.admin), { title: `FAQ ${i}`, content: 'A' })
    }
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(1000)
      await createPage(asAdmin(ctx.t, other.cookie), { title: `Page ${i}`, content: '<p>x</p>' })
    }
  })

  it('lists newest first, 20 a page, with the total', async () => {
    const first = await activity()
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: 28, totalPages: 2 })
    expect(first.entries[0]).toMatchObject({ kind: 'page', summary: 'Created page “Page 2”' })
    const at = first.entries.map((e) => e.at)
    expect([...at].sort().reverse()).toEqual(at)
    const second = await activity('?page=2')
    expect(second.entries).toHaveLength(8)
    expect(second.entries.at(-1)!.summary).toBe('Created FAQ “FAQ 0”')
    const ids = new Set([...first.entries, ...second.entries].map((e) => e.id))
    expect(ids.size).toBe(28)
  })

  it('filters by kind and by admin, and names the admin', async () => {
    const pages = await activity('?kind=page')
    expect(pages.pagination.total).toBe(3)
    expect(pages.entries.every((e) => e.kind === 'page' && e.adminId === other.id)).toBe(true)
    const byOther = await activity(`?adminId=${other.id}&kind=faq`)
    expect(byOther.pagination.total).toBe(0)
    const mine = await activity(`?adminId=${other.id}`)
    expect(mine.entries[0]!.adminName).toMatch(/^Test User/)
    expect((await activity('?kind=')).pagination.total).toBe(28)
  })

  it('still lists an admin whose account is gone, under the name they had', async () => {
    const [row] = await ctx.t.db
      .selectFrom('users')
      .select('display_name')
      .where('id', '=', other.id)
      .execute()
    await ctx.t.db.deleteFrom('sessions').where('user_id', '=', other.id).execute()
    await ctx.t.db.deleteFrom('users').where('id', '=', other.id).execute()
    const gone = await activity(`?adminId=${other.id}`)
    expect(gone.pagination.total).toBe(3)
    expect(gone.entries[0]!.adminName).toBe(row!.display_name)
    const admins = await ctx.t.request('/_api/admin/activity/admins', { cookie: ctx.admin })
    expect(admins.json.admins).toContainEqual({ id: other.id, name: row!.display_name })
  })
})
