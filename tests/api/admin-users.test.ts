import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_USER_MESSAGES as M } from '../../contracts/admin-users.ts'
import { linkDiscordAccount } from '../../server/seed/factories.ts'
import { pngBomb } from '../support/images.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { asAdmin, createPage, createPost } from '../support/factories.ts'

let t: TestApp
let ipSeq = 0
const nextIp = () => {
  ipSeq += 1
  return `10.60.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`
}

/** A fresh admin (or member), signed in from an address of its own. */
async function signIn(role: 'admin' | 'user' = 'admin', fields: { displayName?: string } = {}) {
  const user = await t.createUser({ role, ...fields })
  return { user, cookie: await t.login(user, nextIp()) }
}

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function resetUsers() {
  await t.db.deleteFrom('users').execute()
}

const adminRows = () => t.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()

describe('GET /_api/admin/users/list', () => {
  let cookie: string
  beforeAll(async () => {
    await resetUsers()
    ;({ cookie } = await signIn('admin', { displayName: 'Zed Admin' }))
    const names = ['Ada Lovelace', 'Bob Stars', 'carl sagan', 'Dee 100% Moon', 'Eve under_score']
    for (const [i, displayName] of names.entries()) {
      await t.createUser({ displayName, email: `person${i}@example.org` })
    }
    for (let i = 0; i < 20; i++)
      await t.createUser({ displayName: `Filler ${String(i).padStart(2, '0')}` })
  })

  it('answers 10 newest first by default, with the total, and never a hash or a session', async () => {
    const res = await t.request('/_api/admin/users/list', { cookie })
    expect(res.status).toBe(200)
    const users = res.json.users as Array<Record<string, unknown>>
    expect(users).toHaveLength(10)
    expect(res.json.total).toBe(26)
    expect(Object.keys(users[0]!).sort()).toEqual(
      ['avatarUrl', 'createdAt', 'displayName', 'email', 'id', 'role'].sort(),
    )
    expect(res.text).not.toMatch(/argon|password|session/i)
    const created = users.map((u) => String(u.createdAt))
    expect([...created].sort().reverse()).toEqual(created)
  })

  it('pages: the last page holds the rest, a page past the end is empty', async () => {
    const p3 = await t.request('/_api/admin/users/list?page=3&limit=10', { cookie })
    expect((p3.json.users as unknown[]).length).toBe(6)
    expect(p3.json.total).toBe(26)
    const p4 = await t.request('/_api/admin/users/list?page=4', { cookie })
    expect(p4.json.users).toEqual([])
    const all = await t.request('/_api/admin/users/list?limit=100', { cookie })
    const ids = (all.json.users as Array<{ id: number }>).map((u) => u.id)
    expect(new Set(ids).size).toBe(26)
  })

  it('sorts by display name (ignoring case) and e-mail, either way', async () => {
    const asc = await t.request('/_api/admin/users/list?sortBy=displayName&sortOrder=asc&limit=3', {
      cookie,
    })
    expect((asc.json.users as Array<{ displayName: string }>).map((u) => u.displayName)).toEqual([
      'Ada Lovelace',
      'Bob Stars',
      'carl sagan',
    ])
    const desc = await t.request('/_api/admin/users/list?sortBy=email&sortOrder=desc&limit=100', {
      cookie,
    })
    const emails = (desc.json.users as Array<{ email: string }>).map((u) => u.email)
    expect([...emails].sort().reverse()).toEqual(emails)
  })

  it('searches name or e-mail without case, taking % and _ literally', async () => {
    const byName = await t.request('/_api/admin/users/list?search=CARL', { cookie })
    expect((byName.json.users as Array<{ displayName: string }>).map((u) => u.displayName)).toEqual(
      ['carl sagan'],
    )
    const byEmail = await t.request('/_api/admin/users/list?search=person1%40example', { cookie })
    expect(byEmail.json.total).toBe(1)
    const percent = await t.request(`/_api/admin/users/list?search=${encodeURIComponent('100%')}`, {
      cookie,
    })
    expect(percent.json.total).toBe(1)
    const underscore = await t.request(
      `/_api/admin/users/list?search=${encodeURIComponent('r_s')}`,
      { cookie },
    )
    expect(
      (underscore.json.users as Array<{ displayName: string }>).map((u) => u.displayName),
    ).toEqual(['Eve under_score'])
    const none = await t.request('/_api/admin/users/list?search=nobody-here', { cookie })
    expect(none.json).toEqual({ users: [], total: 0 })
  })

  it('refuses a bad page, limit or sort with 400', async () => {
    for (const q of [
      'page=0',
      'limit=101',
      'limit=-1',
      'sortBy=password_hash',
      'sortOrder=sideways',
      'page=abc',
    ]) {
      const res = await t.request(`/_api/admin/users/list?${q}`, { cookie })
      expect(res.status, q).toBe(400)
    }
  })
})

describe('POST /_api/admin/users/create', () => {
  let cookie: string
  beforeAll(async () => {
    ;({ cookie } = await signIn())
  })
  const create = (json: unknown) => t.request('/_api/admin/users/create', { json, cookie })

  it('creates a user with role user by default, who can then sign in', async () => {
    const res = await create({
      email: 'New.Person@Example.com',
      displayName: '  New Person ',
      password: 'twelve chars!',
    })
    expect(res.status).toBe(201)
    expect(res.json.user).toMatchObject({
      email: 'new.person@example.com',
      displayName: 'New Person',
      role: 'user',
    })
    await t.login({ email: 'new.person@example.com', password: 'twelve chars!' }, nextIp())
  })

  it('takes the role as typed text, in any case, but only user or admin', async () => {
    const admin = await create({
      email: 'second@example.com',
      displayName: 'Second',
      password: 'password123',
      role: ' Admin ',
    })
    expect(admin.status).toBe(201)
    expect((admin.json.user as { role: string }).role).toBe('admin')
    const empty = await create({
      email: 'third@example.com',
      displayName: 'Third',
      password: 'password123',
      role: '',
    })
    expect((empty.json.user as { role: string }).role).toBe('user')
    const bad = await create({
      email: 'fourth@example.com',
      displayName: 'Fourth',
      password: 'password123',
      role: 'superuser',
    })
    expect(bad.status).toBe(400)
    expect(bad.json.details).toEqual({ role: [M.roleInvalid] })
  })

  it("answers each field's message from the spec", async () => {
    const res = await create({ email: 'nope', displayName: '   ', password: 'short' })
    expect(res.status).toBe(400)
    expect(res.json.details).toEqual({
      email: [M.invalidEmail],
      displayName: [M.displayNameRequired],
      password: [M.passwordMin],
    })
    expect((await create({})).json.details).toMatchObject({ displayName: [M.displayNameRequired] })
  })

  it('refuses a taken e-mail (any case) with 409', async () => {
    await create({ email: 'taken@example.com', displayName: 'Taken', password: 'password123' })
    const again = await create({
      email: 'TAKEN@example.com',
      displayName: 'Again',
      password: 'password123',
    })
    expect(again.status).toBe(409)
    expect(again.json.error).toBe(M.emailTaken)
  })
})

describe('POST /_api/admin/users/update', () => {
  let cookie: string
  let adminId: number
  beforeAll(async () => {
    const a = await signIn()
    cookie = a.cookie
    adminId = a.user.id
  })
  const update = (json: unknown) => t.request('/_api/admin/users/update', { json, cookie })

  it('changes only what is sent', async () => {
    const u = await t.createUser({ displayName: 'Before Name' })
    const res = await update({ userId: u.id, displayName: 'After Name' })
    expect(res.status).toBe(200)
    expect(res.json.user).toMatchObject({
      id: u.id,
      displayName: 'After Name',
      email: u.email,
      role: 'user',
    })
    const promoted = await update({ userId: String(u.id), role: 'admin' })
    expect((promoted.json.user as { role: string }).role).toBe('admin')
  })

  it('answers the spec messages, 404 for an unknown user and 409 for a taken e-mail', async () => {
    const u = await t.createUser()
    expect((await update({ userId: u.id, displayName: '' })).json.details).toEqual({
      displayName: [M.displayNameEmpty],
    })
    for (const userId of [0, -3, 1.5, 'abc', true, null]) {
      const res = await update({ userId, displayName: 'x' })
      expect(res.status, String(userId)).toBe(400)
      expect(res.json.details).toHaveProperty('userId')
    }
    const missing = await update({ userId: 999999, displayName: 'Ghost' })
    expect(missing.status).toBe(404)
    const other = await t.createUser()
    const taken = await update({ userId: u.id, email: other.email.toUpperCase() })
    expect(taken.status).toBe(409)
    expect(taken.json.error).toBe(M.emailTaken)
  })

  it('an admin cannot take away their own admin role', async () => {
    const res = await update({ userId: adminId, role: 'user' })
    expect(res.status).toBe(409)
    expect(res.json.error).toBe(M.cannotDemoteSelf)
    const row = await t.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow()
    expect(row.role).toBe('admin')
  })
})

describe('the last administrator', () => {
  beforeEach(resetUsers)

  it('two admins demoting each other at the same moment leave one admin', async () => {
    const a = await signIn()
    const b = await signIn()
    const [ab, ba] = await Promise.all([
      t.request('/_api/admin/users/update', {
        json: { userId: b.user.id, role: 'user' },
        cookie: a.cookie,
      }),
      t.request('/_api/admin/users/update', {
        json: { userId: a.user.id, role: 'user' },
        cookie: b.cookie,
      }),
    ])
    // The loser is refused by the guard (409) or, if the winner committed first, is no admin (403).
    const statuses = [ab.status, ba.status].sort()
    expect(statuses[0]).toBe(200)
    expect([403, 409]).toContain(statuses[1])
    expect(await adminRows()).toHaveLength(1)
  })

  it('the guard holds when both demotions pass the access check together', async () => {
    for (let round = 0; round < 5; round++) {
      await resetUsers()
      const a = await t.createUser({ role: 'admin' })
      const b = await t.createUser({ role: 'admin' })
      const results = await Promise.allSettled([
        t.services.adminUsers.update(a, { userId: b.id, role: 'user' }),
        t.services.adminUsers.update(b, { userId: a.id, role: 'user' }),
      ])
      const refused = results.filter((r) => r.status === 'rejected')
      expect(refused).toHaveLength(1)
      expect(String((refused[0] as PromiseRejectedResult).reason.message)).toBe(M.lastAdminDemote)
      expect(await adminRows()).toHaveLength(1)
    }
  })

  it('ten mutual demotions at once: never a 5xx, and one admin remains', async () => {
    for (let round = 0; round < 5; round++) {
      await resetUsers()
      const a = await signIn()
      const b = await signIn()
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const [actor, target] = i % 2 ? [a, b] : [b, a]
          return t.request('/_api/admin/users/update', {
            json: { userId: target.user.id, role: 'user' },
            cookie: actor.cookie,
          })
        }),
      )
      // 200: demoted (again); 409: the last admin, named; 403: the actor had been demoted first.
      for (const res of results) {
        expect([200, 403, 409]).toContain(res.status)
        if (res.status === 409) expect(res.json.error).toBe(M.lastAdminDemote)
      }
      expect(results.some((r) => r.status === 200)).toBe(true)
      expect(await adminRows()).toHaveLength(1)
    }
  })

  it('two admins deleting each other at the same moment leave one admin', async () => {
    const a = await signIn()
    const b = await signIn()
    const results = await Promise.all([
      t.request('/_api/admin/users/delete', { json: { userId: b.user.id }, cookie: a.cookie }),
      t.request('/_api/admin/users/delete', { json: { userId: a.user.id }, cookie: b.cookie }),
    ])
    const statuses = results.map((r) => r.status).sort()
    expect(statuses[0]).toBe(200)
    expect([401, 409]).toContain(statuses[1])
    expect(await adminRows()).toHaveLength(1)
  })

  it('an admin cannot delete themself', async () => {
    const a = await signIn()
    await signIn()
    const res = await t.request('/_api/admin/users/delete', {
      json: { userId: a.user.id },
      cookie: a.cookie,
    })
    expect(res.status).toBe(409)
    expect(res.json.error).toBe(M.cannotDeleteSelf)
  })
})

describe('POST /_api/admin/users/delete', () => {
  it('removes the user, their sessions, OAuth links and avatar file', async () => {
    const { cookie } = await signIn()
    const victim = await signIn('user')
    await linkDiscordAccount(
      t.db,
      {
        userId: victim.user.id,
        discordId: '80351110224678912',
        username: 'victim',
        email: victim.user.email,
      },
      t.clock.now().toISOString(),
    )
    const form = new FormData()
    form.append('userId', String(victim.user.id))
    form.append('avatar', new File([new Uint8Array(await png())], 'me.png', { type: 'image/png' }))
    const uploaded = await t.request('/_api/admin/users/upload-avatar', { body: form, cookie })
    expect(uploaded.status).toBe(200)
    const avatarUrl = (uploaded.json.user as { avatarUrl: string }).avatarUrl
    const file = path.join(t.config.dataDir, 'uploads', avatarUrl.replace(/^\/uploads\//, ''))
    expect(existsSync(file)).toBe(true)

    const res = await t.request('/_api/admin/users/delete', {
      json: { userId: victim.user.id },
      cookie,
    })
    expect(res.status).toBe(200)
    expect(existsSync(file)).toBe(false)
    const left = async (table: 'sessions' | 'oauth_accounts') =>
      (
        await t.db
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', victim.user.id)
          .execute()
      ).length
    expect(await left('sessions')).toBe(0)
    expect(await left('oauth_accounts')).toBe(0)
    const session = await t.request('/_api/auth/session', { cookie: victim.cookie })
    expect(session.json.user ?? null).toBeNull()
    const again = await t.request('/_api/admin/users/delete', {
      json: { userId: victim.user.id },
      cookie,
    })
    expect(again.status).toBe(404)
  })
})

describe('POST /_api/admin/users/update-password', () => {
  it("sets the password and ends the user's sessions", async () => {
    const { cookie } = await signIn()
    const member = await signIn('user')
    const short = await t.request('/_api/admin/users/update-password', {
      json: { userId: member.user.id, newPassword: 'short' },
      cookie,
    })
    expect(short.json.details).toEqual({ newPassword: [M.passwordMin] })
    const res = await t.request('/_api/admin/users/update-password', {
      json: { userId: member.user.id, newPassword: 'a brand new password' },
      cookie,
    })
    expect(res.status).toBe(200)
    expect((await t.request('/_api/user/profile', { cookie: member.cookie })).status).toBe(401)
    await t.login({ email: member.user.email, password: 'a brand new password' }, nextIp())
    const old = await t.request('/_api/auth/login_with_password', {
      json: { email: member.user.email, password: member.user.password },
      ip: nextIp(),
    })
    expect(old.status).toBe(401)
    // The admin's own session is kept when they change their own password.
    const self = await signIn()
    const own = await t.request('/_api/admin/users/update-password', {
      json: { userId: self.user.id, newPassword: 'my own new password' },
      cookie: self.cookie,
    })
    expect(own.status).toBe(200)
    expect((await t.request('/_api/admin/users/list', { cookie: self.cookie })).status).toBe(200)
  })
})

function png(width = 300, height = 200) {
  return sharp({ create: { width, height, channels: 3, background: { r: 9, g: 40, b: 90 } } })
    .png()
    .toBuffer()
}

describe('POST /_api/admin/users/upload-avatar', () => {
  let cookie: string
  beforeAll(async () => {
    ;({ cookie } = await signIn())
  })
  async function upload(userId: number | string, file?: File) {
    const form = new FormData()
    form.append('userId', String(userId))
    if (file) form.append('avatar', file)
    return t.request('/_api/admin/users/upload-avatar', { body: form, cookie })
  }

  it('takes real PNG, JPEG, WebP and GIF files, stored as a square WebP', async () => {
    const u = await t.createUser()
    const base = sharp({ create: { width: 320, height: 240, channels: 3, background: '#123456' } })
    const files = {
      png: await base.clone().png().toBuffer(),
      jpeg: await base.clone().jpeg().toBuffer(),
      webp: await base.clone().webp().toBuffer(),
      gif: await base.clone().gif().toBuffer(),
    }
    for (const [format, bytes] of Object.entries(files)) {
      const res = await upload(
        u.id,
        new File([new Uint8Array(bytes)], `a.${format}`, { type: `image/${format}` }),
      )
      expect(res.status, format).toBe(200)
      const url = (res.json.user as { avatarUrl: string }).avatarUrl
      expect(url).toMatch(/\.webp$/)
      const stored = path.join(t.config.dataDir, 'uploads', url.replace(/^\/uploads\//, ''))
      const meta = await sharp(stored).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256])
    }
  })

  it('refuses a missing, empty, oversized, forged or bomb file with the spec messages', async () => {
    const u = await t.createUser()
    expect((await upload(u.id)).json.details).toEqual({ avatar: [M.avatarRequired] })
    expect(
      (await upload(u.id, new File([], 'empty.png', { type: 'image/png' }))).json.details,
    ).toEqual({
      avatar: [M.avatarRequired],
    })
    const big = new Uint8Array(5 * 1024 * 1024 + 1)
    const tooBig = await upload(u.id, new File([big], 'big.png', { type: 'image/png' }))
    expect(tooBig.status).toBe(400)
    expect(tooBig.json.details).toEqual({ avatar: [M.avatarTooLarge] })
    const text = await upload(
      u.id,
      new File(['hello, not an image'], 'fake.png', { type: 'image/png' }),
    )
    expect(text.status).toBe(400)
    expect(text.json.details).toEqual({ avatar: [M.avatarType] })
    const svg = await upload(
      u.id,
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'x.jpg', { type: 'image/jpeg' }),
    )
    expect(svg.json.details).toEqual({ avatar: [M.avatarType] })
    const started = Date.now()
    const bomb = await upload(
      u.id,
      new File([new Uint8Array(pngBomb())], 'bomb.png', { type: 'image/png' }),
    )
    expect(bomb.status).toBe(400)
    expect(bomb.json.details).toEqual({
      avatar: ['The image is too large in pixels (at most 40 megapixels).'],
    })
    expect(Date.now() - started).toBeLessThan(2000)
    const row = await t.db
      .selectFrom('users')
      .select('avatar_url')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow()
    expect(row.avatar_url).toBeNull()
  })

  it('answers 404 for an unknown user', async () => {
    const res = await upload(
      999999,
      new File([new Uint8Array(await png())], 'a.png', { type: 'image/png' }),
    )
    expect(res.status).toBe(404)
  })
})

describe('GET /_api/admin/stats', () => {
  it('counts posts and pages of every status, and the stored videos', async () => {
    const { cookie } = await signIn()
    const before = (await t.request('/_api/admin/stats', { cookie })).json
    for (const status of ['draft', 'published', 'archived'] as const)
      await createPost(asAdmin(t, cookie), { title: `Post ${status}`, content: '<p>x</p>', status })
    await createPage(asAdmin(t, cookie), {
      title: 'Stats page',
      content: '<p>x</p>',
      status: 'draft',
    })
    const after = await t.request('/_api/admin/stats', { cookie })
    expect(after.status).toBe(200)
    expect(after.json).toEqual({
      totalBlogPosts: Number(before.totalBlogPosts) + 3,
      totalPages: Number(before.totalPages) + 1,
      totalYoutubeVideos: 0,
      unreadMessages: 0,
      backup: { scheduled: false, last: null },
    })
  })
})
