import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DiscordInvite } from '../../contracts/discord-invite.ts'
import { linkDiscordAccount } from '../../server/seed/factories.ts'
import { MEMBER_LOOKUP_TTL_MS } from '../../server/services/discord-invite.ts'
import { createFakeDiscord, FAKE_GUILD, fakeDiscordEnv } from '../fakes/discord.ts'
import { createFakeMedia, mediaFakeEnv } from '../fakes/media.ts'
import { startFakeUpstreams } from '../fakes/server.ts'
import { asAdmin, createPage } from '../support/factories.ts'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'

const INVITE_URL = 'https://discord.gg/astro-fallback'
const clock = testClock()
const discord = createFakeDiscord()
const media = createFakeMedia()
let t: TestApp
let bare: TestApp
let close: () => Promise<void>
let admin: string
const members = {} as Record<'inServer' | 'notInServer' | 'unlinked', string>

async function linked(app: TestApp, discordId: string | null): Promise<string> {
  const { user, cookie } = await app.signedIn('user')
  if (discordId)
    await linkDiscordAccount(
      app.db,
      { userId: user.id, discordId, username: 'nebulanerd' },
      clock.now().toISOString(),
    )
  return cookie
}

beforeAll(async () => {
  const upstreams = await startFakeUpstreams({ ...discord.routes, ...media.routes })
  t = await createTestApp({
    clock,
    env: {
      ...fakeDiscordEnv(upstreams.url),
      ...mediaFakeEnv(upstreams.url),
      DISCORD_INVITE_URL: INVITE_URL,
    },
  })
  // Discord not configured at all.
  bare = await createTestApp({ clock })
  admin = (await t.signedIn('admin')).cookie
  members.inServer = await linked(t, FAKE_GUILD.memberId)
  members.notInServer = await linked(t, FAKE_GUILD.notMemberId)
  members.unlinked = await linked(t, null)
  close = async () => {
    upstreams.server.closeAllConnections()
    await new Promise((resolve) => upstreams.server.close(resolve))
    await Promise.all([t.close(), bare.close()])
  }
})
afterAll(() => close?.())
beforeEach(() => {
  discord.setMemberLookup('ok')
  media.setModes({ youtube: 'ok', feed: 'ok', widget: 'ok', gallery: 'ok' })
  t.services.discordCommunity.resetCaches()
  t.services.discordInvite.resetCaches()
  discord.requests.length = 0
})

const lookups = () => discord.requests.filter((r) => r.path.includes('/members/')).length
async function invite(cookie?: string, app = t) {
  const res = await app.request('/_api/discord/invite', { cookie })
  return { status: res.status, body: res.json as unknown as DiscordInvite, res }
}

describe('GET /_api/discord/invite', () => {
  it('answers 401 to a visitor', async () => {
    expect((await invite()).status).toBe(401)
  })

  it('a member in the server: the server, its invite and the date they joined, asked once for two minutes', async () => {
    const { status, body, res } = await invite(members.inServer)
    expect(status, res.text).toBe(200)
    expect(body).toMatchObject({
      server: { name: 'Astro Radio Community' },
      serverProblem: null,
      inviteUrl: 'https://discord.com/invite/Xk7pQ2vR',
      membership: { state: 'member', joinedAt: FAKE_GUILD.memberJoinedAt },
    })
    expect(body.server!.onlineCount).toBeGreaterThan(0)
    const asked = discord.requests.find((r) => r.path.includes('/members/'))!
    expect(asked.headers.authorization).toMatch(/^Bot /)
    await invite(members.inServer)
    expect(lookups()).toBe(1)
    clock.advance(MEMBER_LOOKUP_TTL_MS + 1)
    await invite(members.inServer)
    expect(lookups()).toBe(2)
  })

  it('a member not in the server gets the invite', async () => {
    const { body } = await invite(members.notInServer)
    expect(body.membership).toEqual({ state: 'not_member' })
    expect(body.inviteUrl).toBe('https://discord.com/invite/Xk7pQ2vR')
  })

  it('a member without a linked Discord account: not asked of Discord', async () => {
    const { body } = await invite(members.unlinked)
    expect(body.membership).toEqual({ state: 'not_linked' })
    expect(body.inviteUrl).toBeTruthy()
    expect(lookups()).toBe(0)
  })

  it('Discord down: 200, nothing invented, the configured invite still offered', async () => {
    discord.setMemberLookup('down')
    media.setModes({ widget: 'down' })
    const { status, body } = await invite(members.inServer)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      server: null,
      serverProblem: 'unavailable',
      inviteUrl: INVITE_URL,
      membership: { state: 'unknown' },
    })
    // A failed lookup is not remembered: Discord is asked again once it is back.
    discord.setMemberLookup('ok')
    expect((await invite(members.inServer)).body.membership.state).toBe('member')
  })

  it('Discord not configured: 200 and says so', async () => {
    const cookie = (await bare.signedIn('user')).cookie
    const { status, body } = await invite(cookie, bare)
    expect(status).toBe(200)
    expect(body).toEqual({
      intro: null,
      server: null,
      serverProblem: 'not_configured',
      inviteUrl: null,
      membership: { state: 'not_linked' },
    })
  })

  it("shows the creator's discord-invite page to members only", async () => {
    const page = await createPage(asAdmin(t, admin), {
      title: 'Channels and rules',
      slug: 'discord-invite',
      content: '<p>Be kind in #observing-reports.</p>',
      status: 'published',
    })
    expect(page.slug).toBe('discord-invite')
    expect((await invite(members.unlinked)).body.intro).toEqual({
      title: 'Channels and rules',
      content: '<p>Be kind in #observing-reports.</p>',
    })
    const asVisitor = await t.request('/_api/pages/get', { json: { slug: 'discord-invite' } })
    expect(asVisitor.status).toBe(404)
    expect(asVisitor.text).not.toContain('observing-reports')
    const sitemap = await t.request('/sitemap.xml')
    expect(sitemap.status).toBe(200)
    expect(sitemap.text).not.toContain('discord-invite')
    // The list names it to members only, and counts it only for them.
    const list = async (cookie?: string) =>
      (await t.request('/_api/pages/list', { cookie })).json as unknown as {
        pages: Array<{ slug: string }>
        pagination: { total: number }
      }
    const [visitor, member] = [await list(), await list(members.unlinked)]
    expect(visitor.pages.map((p) => p.slug)).not.toContain('discord-invite')
    expect(member.pages.map((p) => p.slug)).toContain('discord-invite')
    expect(member.pagination.total).toBe(visitor.pagination.total + 1)
  })
})
