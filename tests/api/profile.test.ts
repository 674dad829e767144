import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROFILE_MESSAGES } from '../../contracts/profile.ts'
import { pngBomb } from '../support/images.ts'
import { signInWithDiscord, startFakeDiscord } from '../support/oauth-flow.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let t: TestApp
let discord: Awaited<ReturnType<typeof startFakeDiscord>>
beforeAll(async () => {
  discord = await startFakeDiscord()
  t = await createTestApp({ env: discord.env })
})
afterAll(async () => {
  await t?.close()
  await discord?.close()
})

let ipSeq = 0
/** A new member, signed in from their own address so the per-network login limit stays out of the way. */
async function signedIn() {
  ipSeq += 1
  const user = await t.createUser()
  return {
    user,
    cookie: await t.login(user, `10.20.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`),
  }
}

const UPDATE = '/_api/user/profile/update'
const PASSWORD = '/_api/user/profile/update-password'
const AVATAR = '/_api/user/profile/upload-avatar'

function image(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 640, height = 480) {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 30, b: 90 } },
  })
  if (format === 'jpeg')
    return base
      .jpeg()
      .withExif({ IFD0: { Copyright: 'exif-secret-marker', Artist: 'Someone' } })
      .toBuffer()
  if (format === 'png') return base.png().toBuffer()
  if (format === 'webp') return base.webp().toBuffer()
  return base.gif().toBuffer()
}

function avatarForm(...files: Array<{ data: Uint8Array | string; name: string; type: string }>) {
  const form = new FormData()
  for (const f of files) {
    const bytes = typeof f.data === 'string' ? f.data : new Uint8Array(f.data)
    form.append('avatar', new File([bytes], f.name, { type: f.type }))
  }
  return form
}

async function upload(cookie: string, form: FormData) {
  return t.request(AVATAR, { body: form, cookie })
}

describe('GET /_api/user/profile', () => {
  it('answers the signed-in member and whether the account has a password', async () => {
    const { user, cookie } = await signedIn()
    const res = await t.request('/_api/user/profile', { cookie })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      user: {
        id: user.id,
        email: user.email,
        displayName: user.displayName,
        role: 'user',
        avatarUrl: null,
        createdAt: user.createdAt,
      },
      hasPassword: true,
    })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('says hasPassword false for an account made by Discord sign-in', async () => {
    const { cookie } = await signInWithDiscord(t, {
      user: { id: '811111111111111111', email: 'discord-only@example.com' },
    })
    expect((await t.request('/_api/user/profile', { cookie })).json.hasPassword).toBe(false)
  })
})

describe('POST /_api/user/profile/update', () => {
  it('a Discord account cannot take another e-mail address; its name still changes', async () => {
    const { cookie } = await signInWithDiscord(t, {
      user: { id: '822222222222222222', email: 'discord-member@example.com' },
    })
    const taken = await t.request('/_api/user/profile/update', {
      json: { displayName: 'Comet Chaser', email: 'someone-else@example.com' },
      cookie,
    })
    expect(taken.status).toBe(400)
    expect(taken.json.error).toBe(PROFILE_MESSAGES.emailFromDiscord)
    expect(taken.json.details).toEqual({ email: [PROFILE_MESSAGES.emailFromDiscord] })
    const renamed = await t.request('/_api/user/profile/update', {
      json: { displayName: 'Comet Chaser', email: 'discord-member@example.com' },
      cookie,
    })
    expect(renamed.status).toBe(200)
    expect(renamed.json.user).toMatchObject({
      displayName: 'Comet Chaser',
      email: 'discord-member@example.com',
    })
  })

  it.each([
    [{ displayName: 'A', email: 'ok@example.com' }, 'displayName', PROFILE_MESSAGES.displayNameMin],
    [
      { displayName: '  B  ', email: 'ok@example.com' },
      'displayName',
      'Display name must be at least 2 characters',
    ],
    [{ email: 'ok@example.com' }, 'displayName', PROFILE_MESSAGES.displayNameMin],
    [{ displayName: 'Vega', email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ displayName: 'Vega' }, 'email', 'Invalid email address'],
    [
      { displayName: 'x'.repeat(81), email: 'ok@example.com' },
      'displayName',
      PROFILE_MESSAGES.displayNameMax,
    ],
  ])('%j → 400 with the message on %s', async (body, field, message) => {
    const { cookie } = await signedIn()
    const res = await t.request(UPDATE, { json: body, cookie })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(message)
    expect(res.json.details).toMatchObject({ [field]: [message] })
  })

  it('shows every field’s first message in details', async () => {
    const { cookie } = await signedIn()
    const res = await t.request(UPDATE, { json: { displayName: '', email: '' }, cookie })
    expect(res.json.details).toEqual({
      displayName: [PROFILE_MESSAGES.displayNameMin],
      email: [PROFILE_MESSAGES.invalidEmail],
    })
  })

  it('updates name and e-mail (trimmed, e-mail in lower case) and the session shows them', async () => {
    const { user, cookie } = await signedIn()
    const res = await t.request(UPDATE, {
      json: { displayName: '  Vega Lyra  ', email: ' Vega.Lyra@Example.COM ' },
      cookie,
    })
    expect(res.status).toBe(200)
    expect(res.json.user).toMatchObject({
      id: user.id,
      displayName: 'Vega Lyra',
      email: 'vega.lyra@example.com',
    })
    expect((await t.request('/_api/auth/session', { cookie })).json.user).toMatchObject({
      displayName: 'Vega Lyra',
    })
  })

  it('keeps e-mails unique: 409 with a clear message, nothing changed', async () => {
    const other = await t.createUser({ email: 'taken@example.com' })
    const { user, cookie } = await signedIn()
    const res = await t.request(UPDATE, {
      json: { displayName: 'New Name', email: 'TAKEN@example.com' },
      cookie,
    })
    expect(res.status).toBe(409)
    expect(res.json).toEqual({ error: 'This e-mail address is already used by another account.' })
    const row = await t.db
      .selectFrom('users')
      .select(['display_name', 'email'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ display_name: user.displayName, email: user.email })
    expect(other.email).toBe('taken@example.com')
  })

  it('lets a member keep their own e-mail', async () => {
    const { user, cookie } = await signedIn()
    const res = await t.request(UPDATE, {
      json: { displayName: 'Same Mail', email: user.email.toUpperCase() },
      cookie,
    })
    expect(res.status).toBe(200)
  })

  it('changes only the signed-in member: a userId or role in the body is ignored', async () => {
    const victim = await t.createUser({ displayName: 'Victim Person' })
    const { user, cookie } = await signedIn()
    const res = await t.request(UPDATE, {
      json: {
        displayName: 'Attacker',
        email: 'attacker@example.com',
        userId: victim.id,
        id: victim.id,
        role: 'admin',
      },
      cookie,
    })
    expect(res.status).toBe(200)
    expect(res.json.user).toMatchObject({ id: user.id, role: 'user' })
    const victimRow = await t.db
      .selectFrom('users')
      .select(['display_name', 'email', 'role'])
      .where('id', '=', victim.id)
      .executeTakeFirstOrThrow()
    expect(victimRow).toEqual({ display_name: 'Victim Person', email: victim.email, role: 'user' })
  })

  it('needs a session', async () => {
    const res = await t.request(UPDATE, { json: { displayName: 'Vega', email: 'v@example.com' } })
    expect(res.status).toBe(401)
  })
})

describe('POST /_api/user/profile/update-password', () => {
  it.each([
    [
      { currentPassword: '', newPassword: 'long enough', confirmPassword: 'long enough' },
      'currentPassword',
      'Current password is required',
    ],
    [
      { currentPassword: 'x', newPassword: 'short', confirmPassword: 'short' },
      'newPassword',
      'New password must be at least 8 characters long',
    ],
    [
      { currentPassword: 'x', newPassword: 'long enough', confirmPassword: 'long enougH' },
      'confirmPassword',
      'New passwords do not match',
    ],
  ])('%j → 400 with the message on %s', async (body, field, message) => {
    const { cookie } = await signedIn()
    const res = await t.request(PASSWORD, { json: body, cookie })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(message)
    expect(res.json.details).toEqual({ [field]: [message] })
  })

  it('refuses a wrong current password', async () => {
    const { cookie } = await signedIn()
    const res = await t.request(PASSWORD, {
      json: {
        currentPassword: 'wrong one',
        newPassword: 'brand new pw',
        confirmPassword: 'brand new pw',
      },
      cookie,
    })
    expect(res.status).toBe(400)
    expect(res.json).toEqual({
      error: 'Current password is incorrect.',
      details: { currentPassword: ['Current password is incorrect.'] },
    })
  })

  it('changes the password and ends every other session of the member, keeping this one', async () => {
    const user = await t.createUser()
    const here = await t.login(user)
    const elsewhere = await t.login(user, '198.51.100.77')
    const bystander = await signedIn()
    const res = await t.request(PASSWORD, {
      json: {
        currentPassword: user.password,
        newPassword: 'a much better passphrase',
        confirmPassword: 'a much better passphrase',
      },
      cookie: here,
    })
    expect(res.status).toBe(200)
    expect((await t.request('/_api/auth/session', { cookie: here })).json.user).toMatchObject({
      id: user.id,
    })
    expect((await t.request('/_api/auth/session', { cookie: elsewhere })).json.user).toBeNull()
    expect(
      (await t.request('/_api/auth/session', { cookie: bystander.cookie })).json.user,
    ).toMatchObject({ id: bystander.user.id })

    const oldLogin = await t.request('/_api/auth/login_with_password', {
      json: { email: user.email, password: user.password },
    })
    expect(oldLogin.status).toBe(401)
    await t.login({ email: user.email, password: 'a much better passphrase' })
  })

  it('locks password changes after 5 wrong current passwords', async () => {
    const { cookie } = await signedIn()
    const body = {
      currentPassword: 'nope',
      newPassword: 'brand new pw',
      confirmPassword: 'brand new pw',
    }
    for (let i = 0; i < 5; i++)
      expect((await t.request(PASSWORD, { json: body, cookie })).status).toBe(400)
    const locked = await t.request(PASSWORD, { json: body, cookie })
    expect(locked.status).toBe(429)
    expect(locked.json.error).toMatch(/^Too many password change attempts\. Please try again in/)
  })

  it('tells a Discord-only member there is no password to change', async () => {
    const { cookie } = await signInWithDiscord(t, {
      user: { id: '822222222222222222', email: 'only-discord@example.com' },
    })
    const res = await t.request(PASSWORD, {
      json: {
        currentPassword: 'anything',
        newPassword: 'brand new pw',
        confirmPassword: 'brand new pw',
      },
      cookie,
    })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(PROFILE_MESSAGES.noPasswordToChange)
  })
})

describe('POST /_api/user/profile/upload-avatar', () => {
  it('10 parallel uploads leave exactly one file: the avatar the account shows', async () => {
    const { user, cookie } = await signedIn()
    const png = await image('png', 300, 300)
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        upload(cookie, avatarForm({ data: png, name: 'me.png', type: 'image/png' })),
      ),
    )
    // Decoding is bounded: beyond the running and waiting decodes an upload is told to retry.
    expect(results.every((r) => r.status === 200 || r.status === 503)).toBe(true)
    expect(results.some((r) => r.status === 200)).toBe(true)
    const dir = path.join(t.config.dataDir, 'uploads', 'avatars')
    const mine = readdirSync(dir).filter((f) => f.startsWith(`${user.id}-`))
    const profile = await t.request('/_api/user/profile', { cookie })
    const url = (profile.json.user as { avatarUrl: string }).avatarUrl
    expect(mine).toEqual([path.basename(url)])
  })

  it('limits uploads to 10 an hour per member', async () => {
    const { cookie } = await signedIn()
    const png = await image('png', 64, 64)
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await upload(cookie, avatarForm({ data: png, name: 'a.png', type: 'image/png' }))).status,
      )
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('refuses a pixel bomb from its header, before decoding it', async () => {
    const { cookie } = await signedIn()
    const started = performance.now()
    const res = await upload(
      cookie,
      avatarForm({ data: pngBomb(), name: 'bomb.png', type: 'image/png' }),
    )
    expect(res.status).toBe(400)
    expect(res.json.error).toBe('The image is too large in pixels (at most 40 megapixels).')
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('stores a re-encoded 256x256 WebP without metadata, served at /uploads/…', async () => {
    const { user, cookie } = await signedIn()
    const jpeg = await image('jpeg', 900, 600)
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const res = await upload(cookie, avatarForm({ data: jpeg, name: 'me.jpg', type: 'image/jpeg' }))
    expect(res.status).toBe(200)
    const avatarUrl = res.json.user && (res.json.user as { avatarUrl: string }).avatarUrl
    expect(avatarUrl).toMatch(new RegExp(`^/uploads/avatars/${user.id}-[A-Za-z0-9_-]+\\.webp$`))

    const served = await t.app.request(`http://localhost${avatarUrl}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    const stored = Buffer.from(await served.arrayBuffer())
    const meta = await sharp(stored).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
    expect(meta.exif).toBeUndefined()
    expect(stored.includes(Buffer.from('exif-secret-marker'))).toBe(false)
    expect((await t.request('/_api/user/profile', { cookie })).json.user).toMatchObject({
      avatarUrl,
    })
  })

  it('accepts png and webp, decides by content (not by name) and removes the previous file', async () => {
    const { cookie } = await signedIn()
    const first = await upload(
      cookie,
      avatarForm({ data: await image('png'), name: 'a.png', type: 'image/png' }),
    )
    expect(first.status).toBe(200)
    const firstUrl = (first.json.user as { avatarUrl: string }).avatarUrl
    const firstFile = path.join(t.config.dataDir, firstUrl)
    expect(existsSync(firstFile)).toBe(true)

    // A real WebP with a misleading name and type is still a WebP.
    const second = await upload(
      cookie,
      avatarForm({ data: await image('webp'), name: 'notes.txt', type: 'text/plain' }),
    )
    expect(second.status).toBe(200)
    expect(existsSync(firstFile)).toBe(false)
    expect(
      existsSync(
        path.join(t.config.dataDir, (second.json.user as { avatarUrl: string }).avatarUrl),
      ),
    ).toBe(true)
  })

  it.each([
    [
      'a text file named .png',
      { data: 'hello, not an image', name: 'avatar.png', type: 'image/png' },
    ],
    [
      'an HTML page named .jpg',
      { data: '<script>alert(1)</script>', name: 'x.jpg', type: 'image/jpeg' },
    ],
    [
      'an SVG named .webp',
      {
        data: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
        name: 'x.webp',
        type: 'image/webp',
      },
    ],
  ])('refuses %s with the type message', async (_label, file) => {
    const { cookie } = await signedIn()
    const res = await upload(cookie, avatarForm(file))
    expect(res.status).toBe(400)
    expect(res.json.error).toBe('.jpg, .jpeg, .png and .webp files are accepted.')
  })

  it('refuses a real GIF (not an accepted type)', async () => {
    const { cookie } = await signedIn()
    const res = await upload(
      cookie,
      avatarForm({ data: await image('gif'), name: 'a.png', type: 'image/png' }),
    )
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(PROFILE_MESSAGES.avatarType)
  })

  it('refuses a truncated image', async () => {
    const { cookie } = await signedIn()
    const png = await image('png')
    const res = await upload(
      cookie,
      avatarForm({ data: png.subarray(0, 60), name: 'a.png', type: 'image/png' }),
    )
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(PROFILE_MESSAGES.avatarType)
  })

  it('refuses an empty file', async () => {
    const { cookie } = await signedIn()
    const res = await upload(cookie, avatarForm({ data: '', name: 'a.png', type: 'image/png' }))
    expect(res.status).toBe(400)
    expect(res.json.error).toBe('Avatar file cannot be empty.')
  })

  it('refuses a file over 5 MB', async () => {
    const { cookie } = await signedIn()
    const big = new Uint8Array(5 * 1024 * 1024 + 1)
    const res = await upload(cookie, avatarForm({ data: big, name: 'big.png', type: 'image/png' }))
    expect(res.status).toBe(400)
    expect(res.json.error).toBe('Max file size is 5MB.')
  })

  it('refuses a body far over the limit before reading it', async () => {
    const { cookie } = await signedIn()
    const huge = new Uint8Array(7 * 1024 * 1024)
    const res = await upload(
      cookie,
      avatarForm({ data: huge, name: 'huge.png', type: 'image/png' }),
    )
    expect(res.status).toBe(413)
  })

  it('refuses a missing field and a text field', async () => {
    const { cookie } = await signedIn()
    const empty = new FormData()
    empty.append('other', 'x')
    const missing = await upload(cookie, empty)
    expect(missing.status).toBe(400)
    expect(missing.json.error).toBe('Avatar must be a file.')
    const text = new FormData()
    text.append('avatar', 'data:image/png;base64,AAAA')
    const asText = await upload(cookie, text)
    expect(asText.status).toBe(400)
    expect(asText.json.error).toBe('Avatar must be a file.')
  })

  it('takes one file only', async () => {
    const { cookie } = await signedIn()
    const png = await image('png')
    const res = await upload(
      cookie,
      avatarForm(
        { data: png, name: 'a.png', type: 'image/png' },
        { data: png, name: 'b.png', type: 'image/png' },
      ),
    )
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(PROFILE_MESSAGES.avatarOneFile)
  })

  it('wants multipart/form-data and a session', async () => {
    const { cookie } = await signedIn()
    const json = await t.request(AVATAR, { json: { avatar: 'x' }, cookie })
    expect(json.status).toBe(415)
    const anonymous = await upload(
      '',
      avatarForm({ data: await image('png'), name: 'a.png', type: 'image/png' }),
    )
    expect(anonymous.status).toBe(401)
  })

  it('never touches another member’s avatar', async () => {
    const alice = await signedIn()
    const bob = await signedIn()
    const a = await upload(
      alice.cookie,
      avatarForm({ data: await image('png'), name: 'a.png', type: 'image/png' }),
    )
    const aliceUrl = (a.json.user as { avatarUrl: string }).avatarUrl
    const form = avatarForm({ data: await image('png'), name: 'b.png', type: 'image/png' })
    form.append('userId', String(alice.user.id))
    const b = await upload(bob.cookie, form)
    expect(b.status).toBe(200)
    expect((b.json.user as { id: number }).id).toBe(bob.user.id)
    expect(
      (await t.request('/_api/user/profile', { cookie: alice.cookie })).json.user,
    ).toMatchObject({
      avatarUrl: aliceUrl,
    })
    expect(existsSync(path.join(t.config.dataDir, aliceUrl))).toBe(true)
  })
})
