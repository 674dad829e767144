import * as API from '../../contracts/endpoints.ts'
import {
  OAUTH_ERRORS,
  type OAuthErrorCode,
  OAuthAuthorizeInput,
  type OAuthPopupMessage,
} from '../../contracts/oauth.ts'
import { renderOauthPopup } from '../http/oauth-popup.ts'
import { DomainError } from '../shared/errors.ts'
import { type HandlerContext, handle } from './define.ts'

/**
 * The popup goes from our origin to Discord's and back. A stricter opener policy on our pages
 * would put the returning popup in a new browsing context group, and it could no longer post to
 * the page that opened it.
 */
const POPUP_HEADERS = { 'Cross-Origin-Opener-Policy': 'unsafe-none' }

/** The page the popup shows at the end: it posts `message` to the opener, then closes. */
function popupPage(ctx: HandlerContext, message: OAuthPopupMessage, status = 200): Response {
  const html = renderOauthPopup({
    message,
    targetOrigin: ctx.publicOrigin(),
    nonce: ctx.nonce,
    siteName: ctx.services.config.siteName,
  })
  return new Response(html, {
    status,
    headers: { ...POPUP_HEADERS, 'Content-Type': 'text/html; charset=UTF-8' },
  })
}

/** The page the popup shows when sign-in cannot start: it tells the opener why. */
function popupError(
  ctx: HandlerContext,
  status: 400 | 429 | 503,
  code: OAuthErrorCode,
  message: string = OAUTH_ERRORS[code],
): Response {
  return popupPage(ctx, { type: 'OAUTH_ERROR', error: { code, message, details: null } }, status)
}

function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { ...POPUP_HEADERS, Location: location } })
}

/**
 * Opened in the sign-in popup: remembers a state + PKCE verifier and sends the popup to Discord.
 * Like the callback it answers a page, never JSON, so the opener always hears how it ended.
 */
export const oauthAuthorize = handle(API.oauthAuthorize, {
  async handler(input, ctx) {
    if (!OAuthAuthorizeInput.safeParse(input).success)
      return popupError(ctx, 400, 'unsupported_provider')
    let started: { url: string; state: string }
    try {
      started = await ctx.services.oauth.beginAuthorization({
        purpose: 'login',
        userId: null,
        origin: ctx.publicOrigin(),
        ip: ctx.meta.ip,
      })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      if (error.kind === 'unavailable') return popupError(ctx, 503, 'not_configured')
      if (error.kind === 'rate_limited') return popupError(ctx, 429, 'rate_limited', error.message)
      throw error
    }
    ctx.oauthState.write(started.state)
    return redirect(started.url)
  },
})

/** Discord's redirect_uri, for both the sign-in popup and connecting Discord from the profile. */
export const oauthCallback = handle(API.oauthCallback, {
  async handler(input, ctx) {
    const outcome = await ctx.services.oauth.completeCallback(input, {
      stateCookieMatches: ctx.oauthState.matches,
      sessionUserId: ctx.user?.id ?? null,
    })
    ctx.oauthState.clear()
    if (outcome.purpose === 'link') return redirect(outcome.redirectTo)
    return popupPage(ctx, outcome.message)
  },
})

export const establishSession = handle(API.establishSession, {
  async handler(input, { services, meta, session, setSession }) {
    const issued = await services.oauth.establishSession(
      input.tempToken,
      meta,
      session.token ?? undefined,
    )
    setSession(issued)
    return { user: issued.user }
  },
})
