import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import {
  DiscordError,
  discordAuthorizeUrl,
  getDiscordGuildMember,
  getDiscordUser,
} from './discord.ts'
import { createUpstreamBudgets } from './upstream-budget.ts'
import { systemClock } from '../shared/clock.ts'
import { createLogger } from '../shared/logger.ts'

// A tiny upstream whose answer each test chooses: status, content type and body.
let next: { status: number; type: string; body: string; headers?: Record<string, string> }
let server: Server
let base = ''
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(next.status, { 'content-type': next.type, ...next.headers }).end(next.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function settings() {
  const config = loadConfig({
    DATA_DIR: '/tmp/discord-unit',
    SESSION_SECRET: 'x'.repeat(40),
    DISCORD_API_URL: `${base}/api`,
  })
  const budgets = createUpstreamBudgets({ clock: systemClock, logger: createLogger('silent') })
  return { ...config.discord, budget: budgets.of('discord-oauth') }
}

async function failure(promise: Promise<unknown>): Promise<DiscordError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof DiscordError) return error
    throw error
  }
  throw new Error('expected a DiscordError')
}

describe('discord integration', () => {
  it('builds the authorize URL with PKCE S256 and the three scopes', () => {
    const url = new URL(
      discordAuthorizeUrl(
        settings(),
        { clientId: 'cid', clientSecret: 's' },
        {
          state: 'st',
          codeChallenge: 'ch',
          redirectUri: 'https://astro.example.org/cb',
          prompt: 'none',
        },
      ),
    )
    expect(url.origin + url.pathname).toBe('https://discord.com/oauth2/authorize')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'cid',
      scope: 'identify email guilds.members.read',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
      redirect_uri: 'https://astro.example.org/cb',
    })
    expect(url.searchParams.has('client_secret')).toBe(false)
  })

  it('treats an HTML page with status 200 as Discord being unavailable', async () => {
    next = { status: 200, type: 'text/html', body: '<html>Cloudflare</html>' }
    const error = await failure(getDiscordUser(settings(), 'token'))
    expect(error.kind).toBe('unavailable')
  })

  it('rejects a payload of the wrong shape', async () => {
    next = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({ id: 'not-a-snowflake' }),
    }
    expect((await failure(getDiscordUser(settings(), 'token'))).kind).toBe('unavailable')
  })

  it("reads a 429's retry_after (seconds with a fraction) in milliseconds, before the header", async () => {
    next = {
      status: 429,
      type: 'application/json',
      body: JSON.stringify({
        message: 'You are being rate limited.',
        retry_after: 3.2,
        global: false,
      }),
      headers: { 'retry-after': '4' },
    }
    const error = await failure(getDiscordUser(settings(), 'token'))
    expect(error.kind).toBe('rate_limited')
    expect(error.retryAfterMs).toBe(3200)
  })

  it('falls back to the Retry-After header when the body has no retry_after', async () => {
    next = {
      status: 429,
      type: 'text/plain',
      body: 'slow down',
      headers: { 'retry-after': '4' },
    }
    const error = await failure(getDiscordUser(settings(), 'token'))
    expect(error.kind).toBe('rate_limited')
    expect(error.retryAfterMs).toBe(4000)
  })

  it('maps 401 to unauthorized and a 404 guild member to null', async () => {
    next = {
      status: 401,
      type: 'application/json',
      body: JSON.stringify({ message: '401: Unauthorized', code: 0 }),
    }
    expect((await failure(getDiscordUser(settings(), 'token'))).kind).toBe('unauthorized')
    next = {
      status: 404,
      type: 'application/json',
      body: JSON.stringify({ message: 'Unknown Guild', code: 10004 }),
    }
    expect(await getDiscordGuildMember(settings(), '1', 'token')).toBeNull()
  })

  it('answers unavailable when nothing listens', async () => {
    const dead = { ...settings(), apiUrl: 'http://127.0.0.1:9/api' }
    expect((await failure(getDiscordUser(dead, 'token'))).kind).toBe('unavailable')
  })
})
