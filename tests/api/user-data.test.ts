import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_USER_MESSAGES } from '../../contracts/admin-users.ts'
import { MEMBER_DATA_MESSAGES as M } from '../../contracts/member-data.ts'
import { saveAuroraAlert } from '../../server/db/aurora-alerts.ts'
import { insertContactMessage } from '../../server/db/contact-messages.ts'
import { saveHomePlace } from '../../server/db/home-places.ts'
import { insertSubscriptionOnce } from '../../server/db/newsletter-subscriptions.ts'
import { insertOauthState, insertOauthTempToken } from '../../server/db/oauth.ts'
import { siteJobs } from '../../server/jobs/index.ts'
import { linkDiscordAccount } from '../../server/seed/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

let ipSeq = 0
const nextIp = () => {
  ipSeq += 1
  return `10.91.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`
}

type Member = Awaited<ReturnType<typeof seedMember>>

/**
 * A member with something in every table that can hold a member's data: two sessions, a linked
 * Discord account with tokens, an avatar, a subscription with an alert delivery, a home place,
 * an aurora alert, contact messages (one typed in another case), OAuth states and temp tokens,
 * and rate-limit counters under their id and their address.
 */
async function seedMember(tag: string, role: 'user' | 'admin' = 'user') {
  const user = await t.createUser({ role, email: `${tag}@example.org` })
  const ip = nextIp()
  const cookie = await t.login(user, ip)
  await t.login(user, nextIp())
  const now = t.clock.now().toISOString()
  const later = new Date(t.clock.now().getTime() + 3_600_000).toISOString()
  const linked = await linkDiscordAccount(
    t.db,
    { userId: user.id, discordId: `9${user.id}0000000000000`, username: `${tag}-discord` },
    now,
  )
  await t.db
    .updateTable('oauth_accounts')
    .set({ access_token: `secret-access-${tag}`, refresh_token: `secret-refresh-${tag}` })
    .where('id', '=', linked.id)
    .execute()
  const form = new FormData()
  form.append('avatar', new File([new Uint8Array(await png())], 'me.png', { type: 'image/png' }))
  const uploaded = await t.request('/_api/user/profile/upload-avatar', { body: form, cookie })
  expect(uploaded.status).toBe(200)
  const avatarUrl = (uploaded.json.user as { avatarUrl: string }).avatarUrl
  const subscription = await insertSubscriptionOnce(t.db, {
    email: user.email,
    user_id: user.id,
    token_key: `key-${tag}`,
    posts: 1,
    digest: 0,
    alerts: 1,
    confirmed_at: now,
    confirmation_sent_at: null,
    unsubscribed_at: null,
    created_at: now,
    updated_at: now,
  })
  const newsletter = await t.db
    .insertInto('newsletters')
    .values({
      kind: 'alert',
      post_id: null,
      audience: 'members',
      dedupe_key: `aurora:${user.id}:${now}`,
      subject: `Aurora tonight at ${tag}-town`,
      state: 'sent',
      created_at: now,
      finished_at: now,
      payload: '{"kp":6}',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await t.db
    .insertInto('newsletter_deliveries')
    .values({
      newsletter_id: newsletter.id,
      subscription_id: subscription.id,
      email: user.email,
      state: 'sent',
      last_error: null,
      next_attempt_at: now,
      lease_owner: null,
      lease_until: null,
      accepted_at: now,
      sent_at: now,
    })
    .execute()
  await saveHomePlace(t.db, {
    user_id: user.id,
    home_place_name: `${tag}-home`,
    home_lat: 60,
    home_lon: 10,
    updated_at: now,
  })
  await saveAuroraAlert(t.db, {
    user_id: user.id,
    enabled: 1,
    lat: 60,
    lon: 10,
    place_name: `${tag}-alert-place`,
    threshold: 5,
    default_threshold: 4,
    updated_at: now,
  })
  for (const email of [user.email, user.email.toUpperCase()]) {
    await insertContactMessage(t.db, {
      name: tag,
      email,
      subject: `Question from ${tag}`,
      message: `Message body of ${tag} (${email})`,
      ip,
      user_agent: `agent-of-${tag}`,
      created_at: now,
      email_status: 'not_configured',
    })
  }
  await insertOauthState(t.db, {
    id: `state-${tag}`,
    provider: 'discord',
    purpose: 'link',
    user_id: user.id,
    code_verifier: 'v',
    redirect_uri: 'http://localhost/oauth/callback',
    created_at: now,
    expires_at: later,
  })
  await insertOauthTempToken(t.db, {
    id: `temp-${tag}`,
    user_id: user.id,
    created_at: now,
    expires_at: later,
  })
  // A wrong password (a counter under the address) and a download (a counter under the id).
  await t.request('/_api/auth/login_with_password', {
    json: { email: user.email, password: 'not the password' },
    ip: nextIp(),
  })
  expect((await t.request('/_api/user/export', { cookie })).status).toBe(200)
  return { user, cookie, ip, avatarUrl }
}

function png() {
  return sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 9, g: 40, b: 90 } },
  })
    .png()
    .toBuffer()
}

const avatarFile = (url: string) =>
  path.join(t.config.dataDir, 'uploads', url.replace(/^\/uploads\//, ''))

/**
 * Every table the database itself lists (not a list written here), every row, every column: no
 * user-id column holds the id, no text holds the address, a key naming the user by id
 * (`aurora:<id>:…`, `data-export:<id>`, `avatars/<id>-…`) is gone.
 */
async function rowsReferring(member: Member) {
  const { id, email } = member.user
  const tables = await t.db.introspection.getTables()
  expect(tables.map((table) => table.name)).toEqual(
    expect.arrayContaining(['users', 'sessions', 'contact_messages', 'pending_file_deletions']),
  )
  const idColumn = /(^|_)user_id$|^author_id$|^created_by$/
  const idInText = new RegExp(`(^|:)${id}(:|$)|avatars/${id}-`)
  const found: string[] = []
  for (const table of tables) {
    const rows = (await t.db
      .selectFrom(table.name as 'users')
      .selectAll()
      .execute()) as Array<Record<string, unknown>>
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        const refers =
          (idColumn.test(column) && Number(value) === id) ||
          (table.name === 'users' && column === 'id' && Number(value) === id) ||
          (typeof value === 'string' &&
            (value.toLowerCase().includes(email.toLowerCase()) || idInText.test(value)))
        if (refers) found.push(`${table.name}.${column} = ${String(value)}`)
      }
    }
  }
  return { found, tables: tables.length }
}

describe('GET /_api/user/export', () => {
  it('is a dated JSON download of the account, and holds nothing of another member', async () => {
    const me = await seedMember('exporter')
    const other = await seedMember('bystander')
    // Mail from an address that merely contains the member's is not theirs.
    await insertContactMessage(t.db, {
      name: 'Lookalike',
      email: `x${me.user.email}`,
      subject: 'Not mine',
      message: 'lookalike message',
      ip: '10.99.99.99',
      user_agent: 'lookalike-agent',
      created_at: t.clock.now().toISOString(),
      email_status: 'not_configured',
    })
    const res = await t.request('/_api/user/export', { cookie: me.cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const day = t.clock.now().toISOString().slice(0, 10)
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="my-data-${day}.json"`,
    )
    expect(res.headers.get('cache-control')).toMatch(/no-store/)
    const data = res.json
    expect(data.account).toMatchObject({
      id: me.user.id,
      email: me.user.email,
      role: 'user',
      hasPassword: true,
    })
    expect(data.avatar).toMatchObject({ url: me.avatarUrl })
    expect((data.avatar as { dataUrl: string }).dataUrl).toMatch(/^data:image\/webp;base64,/)
    expect(data.linkedAccounts).toEqual([
      expect.objectContaining({ provider: 'discord', providerUsername: 'exporter-discord' }),
    ])
    const sessions = data.sessions as Array<{ ip: string }>
    expect(sessions).toHaveLength(2)
    expect(sessions.map((s) => s.ip)).toContain(me.ip)
    expect(data.newsletterSubscriptions).toEqual([
      expect.objectContaining({
        email: me.user.email,
        preferences: { posts: true, digest: false, alerts: true },
      }),
    ])
    expect(data.homePlace).toMatchObject({ name: 'exporter-home' })
    expect(data.auroraAlert).toMatchObject({ placeName: 'exporter-alert-place', threshold: 5 })
    const messages = data.contactMessages as Array<{ email: string; message: string }>
    expect(messages.map((m) => m.email).sort()).toEqual(
      [me.user.email, me.user.email.toUpperCase()].sort(),
    )

    // Nothing secret, nothing of the other member or the lookalike.
    expect(res.text).not.toMatch(/secret-|argon|password_hash|token/i)
    for (const theirs of [
      other.user.email,
      other.ip,
      'bystander',
      `x${me.user.email}`,
      'lookalike',
      other.avatarUrl,
    ]) {
      expect(res.text).not.toContain(theirs)
    }
  })

  it('is limited to 10 downloads an hour per member, with a clear 429', async () => {
    const { cookie } = await t.signedIn()
    for (let i = 0; i < 10; i++)
      expect((await t.request('/_api/user/export', { cookie })).status).toBe(200)
    const limited = await t.request('/_api/user/export', { cookie })
    expect(limited.status).toBe(429)
    expect(limited.json.error).toMatch(/^Too many data downloads\. Please try again in /)
    expect(limited.headers.get('retry-after')).toBeTruthy()
  })
})

describe('POST /_api/user/delete', () => {
  it('deletes everything of the member, in every table and in storage, and signs them out', async () => {
    const me = await seedMember('leaver')
    const other = await seedMember('stayer')
    expect((await rowsReferring(me)).found.length).toBeGreaterThan(10)
    expect(existsSync(avatarFile(me.avatarUrl))).toBe(true)

    const res = await t.request('/_api/user/delete', {
      json: { confirmEmail: me.user.email.toUpperCase() },
      cookie: me.cookie,
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ success: true })
    expect(res.headers.getSetCookie().join()).toMatch(/session=;.*Max-Age=0/i)

    const { found, tables } = await rowsReferring(me)
    // 26 tables on PostgreSQL; SQLite adds the search index's own.
    expect(tables).toBeGreaterThanOrEqual(26)
    expect(found).toEqual([])
    expect(existsSync(avatarFile(me.avatarUrl))).toBe(false)
    expect(await t.db.selectFrom('pending_file_deletions').selectAll().execute()).toEqual([])
    expect((await t.request('/_api/auth/session', { cookie: me.cookie })).json).toEqual({
      user: null,
    })

    // The other member keeps everything.
    expect((await rowsReferring(other)).found.length).toBeGreaterThan(10)
    expect(existsSync(avatarFile(other.avatarUrl))).toBe(true)
    expect((await t.request('/_api/user/export', { cookie: other.cookie })).status).toBe(200)
  })

  it('refuses an e-mail that is not the account’s with a clear 400, and deletes nothing', async () => {
    const me = await seedMember('hesitant')
    for (const confirmEmail of ['someone@example.org', `${me.user.email}x`]) {
      const res = await t.request('/_api/user/delete', {
        json: { confirmEmail },
        cookie: me.cookie,
      })
      expect(res.status).toBe(400)
      expect(res.json.error).toBe(M.confirmEmailMismatch)
    }
    const long = await t.request('/_api/user/delete', {
      json: { confirmEmail: `${'a'.repeat(300)}@example.org` },
      cookie: me.cookie,
    })
    expect(long.status).toBe(400)
    expect(long.json.error).toBe(M.confirmEmailMismatch)
    for (const json of [{}, { confirmEmail: '  ' }, { confirmEmail: 42 }, { confirmEmail: null }]) {
      const res = await t.request('/_api/user/delete', { json, cookie: me.cookie })
      expect(res.status).toBe(400)
      expect(res.json.error).toBe(M.confirmEmailRequired)
    }
    expect((await t.request('/_api/auth/session', { cookie: me.cookie })).json.user).toMatchObject({
      id: me.user.id,
    })
    expect(existsSync(avatarFile(me.avatarUrl))).toBe(true)
  })

  it('a file the storage would not delete stays pending, and the job removes it later', async () => {
    const me = await seedMember('stuck')
    const storage = t.services.storage
    const realDelete = storage.delete.bind(storage)
    storage.delete = () => Promise.reject(new Error('storage is down'))
    try {
      const res = await t.request('/_api/user/delete', {
        json: { confirmEmail: me.user.email },
        cookie: me.cookie,
      })
      expect(res.status).toBe(200)
    } finally {
      storage.delete = realDelete
    }
    const key = me.avatarUrl.replace(/^\/uploads\//, '')
    expect(
      await t.db.selectFrom('users').where('id', '=', me.user.id).selectAll().execute(),
    ).toEqual([])
    const pending = await t.db.selectFrom('pending_file_deletions').selectAll().execute()
    expect(pending).toEqual([
      expect.objectContaining({
        storage_key: key,
        attempts: 1,
        last_error: 'Error: storage is down',
      }),
    ])
    expect(existsSync(avatarFile(me.avatarUrl))).toBe(true)

    // Not due yet: the job leaves it; once due, the job removes the file and the record.
    const job = siteJobs(t.services).find((j) => j.name === 'file-deletion-retry')
    expect(job).toBeDefined()
    await job!.run()
    expect(existsSync(avatarFile(me.avatarUrl))).toBe(true)
    await t.db
      .updateTable('pending_file_deletions')
      .set({ next_attempt_at: '2000-01-01T00:00:00.000Z' })
      .execute()
    await job!.run()
    expect(existsSync(avatarFile(me.avatarUrl))).toBe(false)
    expect(await t.db.selectFrom('pending_file_deletions').selectAll().execute()).toEqual([])
  })

  it('the last administrator cannot delete themself; with another admin they can', async () => {
    const admin = await seedMember('only-admin', 'admin')
    await t.db
      .deleteFrom('users')
      .where('role', '=', 'admin')
      .where('id', '!=', admin.user.id)
      .execute()
    const refused = await t.request('/_api/user/delete', {
      json: { confirmEmail: admin.user.email },
      cookie: admin.cookie,
    })
    expect(refused.status).toBe(409)
    expect(refused.json.error).toBe(M.lastAdmin)
    expect((await rowsReferring(admin)).found.length).toBeGreaterThan(10)

    await seedMember('second-admin', 'admin')
    const res = await t.request('/_api/user/delete', {
      json: { confirmEmail: admin.user.email },
      cookie: admin.cookie,
    })
    expect(res.status).toBe(200)
    expect((await rowsReferring(admin)).found).toEqual([])
  })
})

describe("the admin's Delete User", () => {
  it('removes the same things as the member’s own deletion', async () => {
    const admin = await t.signedIn('admin')
    const victim = await seedMember('removed-by-admin')
    const res = await t.request('/_api/admin/users/delete', {
      json: { userId: victim.user.id },
      cookie: admin.cookie,
    })
    expect(res.status).toBe(200)
    // The audit log keeps what was done to account #id, and nothing that names the person.
    const { found } = await rowsReferring(victim)
    expect(found).toEqual([`admin_activity.target_id = ${victim.user.id}`])
    const logged = await t.db
      .selectFrom('admin_activity')
      .select(['summary'])
      .where('target_id', '=', String(victim.user.id))
      .execute()
    expect(logged.map((r) => r.summary)).toEqual([`Deleted user #${victim.user.id}`])
    expect(existsSync(avatarFile(victim.avatarUrl))).toBe(false)
    const again = await t.request('/_api/admin/users/delete', {
      json: { userId: victim.user.id },
      cookie: admin.cookie,
    })
    expect(again.status).toBe(404)
    expect(again.json.error).toBe(ADMIN_USER_MESSAGES.userNotFound)
  })
})

describe('access', () => {
  it('visitor 401, member 200, admin 200 on both endpoints', async () => {
    expect((await t.request('/_api/user/export')).status).toBe(401)
    expect((await t.request('/_api/user/delete', { json: { confirmEmail: 'a@b.c' } })).status).toBe(
      401,
    )
    for (const role of ['user', 'admin'] as const) {
      const { user, cookie } = await t.signedIn(role)
      const exported = await t.request('/_api/user/export', { cookie })
      expect(exported.status).toBe(200)
      expect(exported.json.account).toMatchObject({ id: user.id, role })
      const deleted = await t.request('/_api/user/delete', {
        json: { confirmEmail: user.email },
        cookie,
      })
      expect(deleted.status).toBe(200)
    }
  })
})
