import { expect } from 'vitest'
import type { OAuthPopupMessage } from '../../contracts/oauth.ts'
import {
  createFakeDiscord,
  encodeScenario,
  FAKE_DISCORD_COOKIE,
  type FakeDiscordScenario,
  fakeDiscordEnv,
} from '../fakes/discord.ts'
import { startFakeUpstreams } from '../fakes/server.ts'
import { cookieFrom, type TestApp } from './test-app.ts'

/** A fake Discord on loopback for API tests, and the environment that points the app at it. */
export async function startFakeDiscord() {
  const fake = createFakeDiscord()
  const server = await startFakeUpstreams(fake.routes)
  return {
    fake,
    env: fakeDiscordEnv(server.url),
    close: () => new Promise<void>((resolve) => server.server.close(() => resolve())),
  }
}

/** Reads what the callback page would post to the opener. */
export function popupMessage(html: string): OAuthPopupMessage {
  const match = /var message = (.+);\n/.exec(html)
  if (!match?.[1]) throw new Error(`no popup message in: ${html.slice(0, 300)}`)
  return JSON.parse(match[1]) as OAuthPopupMessage
}

/**
 * Plays the browser's part up to Discord's redirect back: the app's authorize (or /oauth/start)
 * redirect, the fake's consent page, and the callback address it sends the browser to.
 */
export async function startAuthorization(
  t: TestApp,
  scenario: FakeDiscordScenario,
  options: { start?: string; cookie?: string } = {},
) {
  const res = await t.request(options.start ?? '/_api/auth/oauth_authorize?provider=discord', {
    cookie: options.cookie,
  })
  expect(res.status, res.text).toBe(302)
  const authorizeUrl = new URL(res.headers.get('location') ?? '')
  const stateCookie = cookieFrom(res.headers)
  const consent = await fetch(authorizeUrl, {
    redirect: 'manual',
    headers: { cookie: `${FAKE_DISCORD_COOKIE}=${encodeScenario(scenario)}` },
  })
  expect(consent.status).toBe(302)
  const back = new URL(consent.headers.get('location') ?? '')
  return { authorizeUrl, stateCookie, callbackPath: back.pathname + back.search, back }
}

export function joinCookies(...cookies: Array<string | undefined>): string {
  return cookies.filter(Boolean).join('; ')
}

/** The whole popup sign-in: authorize → consent → callback → establish_session. */
export async function signInWithDiscord(t: TestApp, scenario: FakeDiscordScenario = {}) {
  const { stateCookie, callbackPath } = await startAuthorization(t, scenario)
  const callback = await t.request(callbackPath, { cookie: stateCookie })
  const message = popupMessage(callback.text)
  if (message.type !== 'OAUTH_TOKEN_SUCCESS')
    throw new Error(`sign-in failed: ${JSON.stringify(message)}`)
  const established = await t.request('/_api/auth/establish_session', {
    json: { tempToken: message.token },
  })
  expect(established.status).toBe(200)
  return {
    cookie: cookieFrom(established.headers),
    user: established.json.user as { id: number; email: string; displayName: string },
  }
}
