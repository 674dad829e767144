import type { Hono } from 'hono'
import { OAUTH_START_PATH, OAuthAuthorizeInput } from '../../contracts/oauth.ts'
import { writeOauthStateCookie } from './cookies.ts'
import { linkErrorRedirect } from '../services/oauth.ts'
import type { Services } from '../services/index.ts'
import type { AppEnv } from './env.ts'
import { publicOrigin } from './origin.ts'
import { DomainError } from '../shared/errors.ts'

/**
 * GET /oauth/start?provider=discord: the profile page's Connect action, a full-page navigation
 * that sends the signed-in member to Discord and back to /members/profile with Discord linked.
 */
export function mountOauthStart(app: Hono<AppEnv>, services: Services): void {
  app.get(OAUTH_START_PATH, async (c) => {
    c.header('Cache-Control', 'no-store')
    // Only the profile page's own Connect button may start a link: a navigation from another
    // site would attach the Discord account signed in on this browser to the member's account.
    if (
      isCrossSite(
        c.req.header('sec-fetch-site'),
        c.req.header('referer'),
        publicOrigin(services.config, c.req.url),
      )
    )
      return c.text('Cross-site request refused.', 403)
    const user = c.get('user')
    if (!user) return c.redirect('/login', 302)
    if (!OAuthAuthorizeInput.safeParse(c.req.query()).success)
      return c.redirect(linkErrorRedirect('unsupported_provider'), 302)
    if (!services.oauth.signInEnabled) return c.redirect(linkErrorRedirect('not_configured'), 302)
    try {
      const { url, state } = await services.oauth.beginAuthorization({
        purpose: 'link',
        userId: user.id,
        origin: publicOrigin(services.config, c.req.url),
        ip: c.get('ip'),
      })
      writeOauthStateCookie(c, services.config.secureCookies, state)
      return c.redirect(url, 302)
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'rate_limited')
        return c.redirect(linkErrorRedirect('rate_limited'), 302)
      throw error
    }
  })
}

/** Sec-Fetch-Site when the browser sends it, else the Referer's origin; neither: not a browser hop. */
export function isCrossSite(
  fetchSite: string | undefined,
  referer: string | undefined,
  ownOrigin: string,
): boolean {
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none'
  if (!referer) return false
  try {
    return new URL(referer).origin !== ownOrigin
  } catch {
    return true
  }
}
