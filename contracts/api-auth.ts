import type { SessionResponse } from './auth-constants.ts'
import { contract } from './endpoint.ts'

/**
 * Signing in and out and the session. A module of its own, re-exported by
 * contracts/api-paths.ts: the root of every page reads the session through `getSession`, and
 * importing it from here keeps the rest of the endpoint table out of the pages that call no
 * other endpoint.
 */

export const loginWithPassword = contract<SessionResponse>()({
  method: 'POST',
  path: '/auth/login_with_password',
  access: 'public',
  source: 'json',
  input: () => import('./auth.ts').then((m) => m.LoginInput),
})
export const getSession = contract<SessionResponse>()({
  method: 'GET',
  path: '/auth/session',
  access: 'public',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})
export const logout = contract()({
  method: 'POST',
  path: '/auth/logout',
  access: 'public',
  source: 'json',
  input: () => import('./common.ts').then((m) => m.NoInput),
})
// Both answer the sign-in popup a page or a redirect, never JSON.
export const oauthAuthorize = contract<never>()({
  method: 'GET',
  path: '/auth/oauth_authorize',
  access: 'public',
  source: 'query',
  input: () => import('./oauth.ts').then((m) => m.OAuthAuthorizeQuery),
  cache: 'no-store',
})
export const oauthCallback = contract<never>()({
  method: 'GET',
  path: '/auth/oauth_callback/discord',
  access: 'public',
  source: 'query',
  input: () => import('./oauth.ts').then((m) => m.OAuthCallbackQuery),
  cache: 'no-store',
})
export const establishSession = contract<SessionResponse>()({
  method: 'POST',
  path: '/auth/establish_session',
  access: 'public',
  source: 'json',
  input: () => import('./auth.ts').then((m) => m.EstablishSessionInput),
})
