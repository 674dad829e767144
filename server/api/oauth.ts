import { z } from 'zod'
import { EstablishSessionInput } from '../../contracts/auth.ts'
import { OAuthAuthorizeInput } from '../../contracts/oauth.ts'
import {
  clearOauthStateCookie,
  oauthStateCookieMatches,
  writeOauthStateCookie,
} from '../auth/oauth-state.ts'
import { writeSessionCookie } from '../auth/session-cookie.ts'
import { renderOauthPopup } from '../http/oauth-popup.ts'
import { endpoint } from './define.ts'

/**
 * The popup goes from our origin to Discord's and back. A stricter opener policy on our pages
 * would put the returning popup in a new browsing context group, and it could no longer post to
 * the page that opened it.
 */
const POPUP_OPENER_POLICY = 'unsafe-none'

/** Opened in the sign-in popup: remembers a state + PKCE verifier and sends the popup to Discord. */
export const oauthAuthorize = endpoint({
  method: 'GET',
  path: '/auth/oauth_authorize',
  access: 'public',
  source: 'query',
  input: OAuthAuthorizeInput,
  async handler({ services, meta, c }) {
    const { url, state } = await services.oauth.beginAuthorization({
      purpose: 'login',
      userId: null,
      origin: new URL(c.req.url).origin,
      ip: meta.ip,
    })
    writeOauthStateCookie(c, services.config.secureCookies, state)
    c.header('Cache-Control', 'no-store')
    c.header('Cross-Origin-Opener-Policy', POPUP_OPENER_POLICY)
    return c.redirect(url, 302)
  },
})

// Whatever Discord sends back, the answer is a page (never a JSON error): every value is optional.
const CallbackQuery = z
  .object({
    code: z.string().optional(),
    state: z.string().optional(),
    error: z.string().optional(),
    error_description: z.string().optional(),
  })
  .loose()

/** Discord's redirect_uri, for both the sign-in popup and connecting Discord from the profile. */
export const oauthCallback = endpoint({
  method: 'GET',
  path: '/auth/oauth_callback/discord',
  access: 'public',
  source: 'query',
  input: CallbackQuery,
  async handler({ input, user, services, c }) {
    const secure = services.config.secureCookies
    const outcome = await services.oauth.completeCallback(input, {
      stateCookieMatches: (state) => oauthStateCookieMatches(c, secure, state),
      sessionUserId: user?.id ?? null,
    })
    clearOauthStateCookie(c, secure)
    c.header('Cache-Control', 'no-store')
    c.header('Cross-Origin-Opener-Policy', POPUP_OPENER_POLICY)
    if (outcome.purpose === 'link') return c.redirect(outcome.redirectTo, 302)
    return c.html(
      renderOauthPopup({
        message: outcome.message,
        targetOrigin: services.config.publicUrl ?? new URL(c.req.url).origin,
        nonce: c.get('nonce'),
        siteName: services.config.siteName,
      }),
    )
  },
})

export const establishSession = endpoint({
  method: 'POST',
  path: '/auth/establish_session',
  access: 'public',
  source: 'json',
  input: EstablishSessionInput,
  async handler({ input, services, meta, c }) {
    const issued = await services.oauth.establishSession(
      input.tempToken,
      meta,
      c.get('sessionToken') ?? undefined,
    )
    writeSessionCookie(c, services.config.secureCookies, issued.token, issued.expiresAt)
    return { user: issued.user }
  },
})
