import type { Context } from 'hono'
import { EstablishSessionInput } from '../../contracts/auth.ts'
import {
  OAUTH_ERRORS,
  type OAuthErrorCode,
  OAuthAuthorizeInput,
  OAuthAuthorizeQuery,
  OAuthCallbackQuery,
} from '../../contracts/oauth.ts'
import {
  clearOauthStateCookie,
  oauthStateCookieMatches,
  writeOauthStateCookie,
  writeSessionCookie,
} from '../http/cookies.ts'
import type { AppEnv } from '../http/env.ts'
import { publicOrigin } from '../http/origin.ts'
import { DomainError } from '../shared/errors.ts'
import { renderOauthPopup } from '../http/oauth-popup.ts'
import type { Services } from '../services/index.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

/**
 * The popup goes from our origin to Discord's and back. A stricter opener policy on our pages
 * would put the returning popup in a new browsing context group, and it could no longer post to
 * the page that opened it.
 */
const POPUP_OPENER_POLICY = 'unsafe-none'

/** The page the popup shows when sign-in cannot start: it tells the opener why, then closes. */
function popupError(
  c: Context<AppEnv>,
  services: Services,
  status: 400 | 429 | 503,
  code: OAuthErrorCode,
  message: string = OAUTH_ERRORS[code],
) {
  c.header('Cache-Control', 'no-store')
  c.header('Cross-Origin-Opener-Policy', POPUP_OPENER_POLICY)
  return c.html(
    renderOauthPopup({
      message: { type: 'OAUTH_ERROR', error: { code, message, details: null } },
      targetOrigin: publicOrigin(services.config, c.req.url),
      nonce: c.get('nonce'),
      siteName: services.config.siteName,
    }),
    status,
  )
}

/**
 * Opened in the sign-in popup: remembers a state + PKCE verifier and sends the popup to Discord.
 * Like the callback it answers a page, never JSON, so the opener always hears how it ended.
 */
export const oauthAuthorize = endpoint({
  ...API_PATHS.oauthAuthorize,
  access: 'public',
  source: 'query',
  input: OAuthAuthorizeQuery,
  async handler({ services, meta, c }) {
    if (!OAuthAuthorizeInput.safeParse(c.req.query()).success) {
      return popupError(c, services, 400, 'unsupported_provider')
    }
    let started: { url: string; state: string }
    try {
      started = await services.oauth.beginAuthorization({
        purpose: 'login',
        userId: null,
        origin: publicOrigin(services.config, c.req.url),
        ip: meta.ip,
      })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      if (error.kind === 'unavailable') return popupError(c, services, 503, 'not_configured')
      if (error.kind === 'rate_limited')
        return popupError(c, services, 429, 'rate_limited', error.message)
      throw error
    }
    writeOauthStateCookie(c, services.config.secureCookies, started.state)
    c.header('Cache-Control', 'no-store')
    c.header('Cross-Origin-Opener-Policy', POPUP_OPENER_POLICY)
    return c.redirect(started.url, 302)
  },
})

/** Discord's redirect_uri, for both the sign-in popup and connecting Discord from the profile. */
export const oauthCallback = endpoint({
  ...API_PATHS.oauthCallback,
  access: 'public',
  source: 'query',
  input: OAuthCallbackQuery,
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
        targetOrigin: publicOrigin(services.config, c.req.url),
        nonce: c.get('nonce'),
        siteName: services.config.siteName,
      }),
    )
  },
})

export const establishSession = endpoint({
  ...API_PATHS.establishSession,
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
