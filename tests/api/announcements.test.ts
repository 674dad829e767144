import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ANNOUNCEMENT_CONTENT_MAX_LENGTH,
  ANNOUNCEMENT_MESSAGES,
  type Announcement,
  type AnnouncementListResponse,
} from '../../contracts/announcements.ts'
import { CONTENT_MESSAGES } from '../../contracts/blog.ts'
import { HTTP_MESSAGES } from '../../server/http/errors.ts'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'

const clock = testClock()
let t: TestApp
let admin: string
let member: string
beforeAll(async () => {
  t = await createTestApp({ clock })
  admin = (await t.signedIn('admin')).cookie
  member = (await t.signedIn('user')).cookie
})
afterAll(() => t?.close())

async function create(title: string, content = '<p>Details.</p>'): Promise<Announcement> {
  const res = await t.request('/_api/announcements/create', {
    json: { title, content },
    cookie: admin,
  })
  expect(res.status, res.text).toBe(200)
  return res.json as unknown as Announcement
}

async function list(query = '', cookie = member) {
  const res = await t.request(`/_api/announcements/list${query}`, { cookie })
  return { status: res.status, body: res.json as unknown as AnnouncementListResponse, res }
}

describe('announcements', () => {
  it('visitors get 401, members read, admins write; a member cannot write', async () => {
    const first = await create('Star party on Saturday')
    expect(first).toMatchObject({
      title: 'Star party on Saturday',
      content: '<p>Details.</p>',
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
    })

    const anonymous = await t.request('/_api/announcements/list')
    expect(anonymous.status).toBe(401)
    expect(anonymous.json.error).toBe(HTTP_MESSAGES.notAuthenticated)
    expect(anonymous.text).not.toContain('Star party')

    const read = await list()
    expect(read.status).toBe(200)
    expect(read.res.headers.get('cache-control')).toBe('no-store')
    expect(read.body.announcements.map((a) => a.title)).toContain('Star party on Saturday')

    for (const [path, json] of [
      ['/_api/announcements/create', { title: 'Mine', content: '<p>x</p>' }],
      ['/_api/announcements/update', { id: first.id, title: 'Mine' }],
      ['/_api/announcements/delete', { id: first.id }],
    ] as const) {
      expect((await t.request(path, { json, cookie: member })).status).toBe(403)
      expect((await t.request(path, { json })).status).toBe(401)
    }

    clock.advance(60_000)
    const updated = await t.request('/_api/announcements/update', {
      json: { id: first.id, content: '<p>Moved to <strong>Sunday</strong>.</p>' },
      cookie: admin,
    })
    expect(updated.json).toMatchObject({
      title: 'Star party on Saturday',
      content: '<p>Moved to <strong>Sunday</strong>.</p>',
      createdAt: first.createdAt,
      updatedAt: clock.now().toISOString(),
    })

    const del = () =>
      t.request('/_api/announcements/delete', { json: { id: first.id }, cookie: admin })
    expect((await del()).json).toEqual({ success: true })
    const again = await del()
    expect(again.status).toBe(404)
    expect(again.json.error).toBe(ANNOUNCEMENT_MESSAGES.notFound)
  })

  it('removes scripts and event handlers from the content', async () => {
    const a = await create(
      'Sanitized',
      '<p onclick="steal()">Clear skies</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
    )
    expect(a.content).not.toMatch(/script|onclick|onerror|alert/)
    expect(a.content).toContain('Clear skies')
    const read = await list()
    const stored = read.body.announcements.find((x) => x.id === a.id)!
    expect(stored.content).toBe(a.content)
  })

  it.each([
    ['/_api/announcements/create', { content: '<p>x</p>' }, CONTENT_MESSAGES.titleRequired],
    [
      '/_api/announcements/create',
      { title: '  ', content: '<p>x</p>' },
      CONTENT_MESSAGES.titleRequired,
    ],
    ['/_api/announcements/create', { title: 'x', content: '' }, CONTENT_MESSAGES.contentRequired],
    [
      '/_api/announcements/create',
      { title: 'x'.repeat(201), content: 'x' },
      ANNOUNCEMENT_MESSAGES.titleTooLong,
    ],
    [
      '/_api/announcements/create',
      { title: 'x', content: 'x'.repeat(ANNOUNCEMENT_CONTENT_MAX_LENGTH + 1) },
      ANNOUNCEMENT_MESSAGES.contentTooLong,
    ],
    // Nothing left after sanitizing is no content.
    [
      '/_api/announcements/create',
      { title: 'x', content: '<script>x</script>' },
      CONTENT_MESSAGES.contentRequired,
    ],
    ['/_api/announcements/update', { id: 'abc', title: 'x' }, ANNOUNCEMENT_MESSAGES.idInvalid],
    ['/_api/announcements/update', { id: 1, title: '' }, CONTENT_MESSAGES.titleRequired],
    ['/_api/announcements/delete', {}, ANNOUNCEMENT_MESSAGES.idInvalid],
  ])('%s %j answers 400 %s', async (path, json, message) => {
    const res = await t.request(path, { json, cookie: admin })
    expect(res.status, res.text).toBe(400)
    expect(res.json.error).toBe(message)
  })

  it('lists newest first, 20 a page by default, with pagination and a bounded limit', async () => {
    await t.db.deleteFrom('announcements').execute()
    for (let i = 1; i <= 23; i++) {
      clock.advance(1000)
      await create(`Note ${i}`)
    }
    const first = await list()
    expect(first.body.announcements).toHaveLength(20)
    expect(first.body.announcements[0]!.title).toBe('Note 23')
    expect(first.body.announcements[19]!.title).toBe('Note 4')
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 23, totalPages: 2 })
    const second = await list('?page=2')
    expect(second.body.announcements.map((a) => a.title)).toEqual(['Note 3', 'Note 2', 'Note 1'])
    const small = await list('?limit=5&page=5')
    expect(small.body.announcements.map((a) => a.title)).toEqual(['Note 3', 'Note 2', 'Note 1'])
    const tooMany = await list('?limit=21')
    expect(tooMany.status).toBe(400)
    expect(tooMany.res.json.error).toBe(ANNOUNCEMENT_MESSAGES.limitTooLarge)
    expect((await t.services.announcements.latest())?.title).toBe('Note 23')
  })

  it('has no latest announcement when there is none', async () => {
    await t.db.deleteFrom('announcements').execute()
    expect(await t.services.announcements.latest()).toBeNull()
    expect((await list()).body).toEqual({
      announcements: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
    })
  })
})
