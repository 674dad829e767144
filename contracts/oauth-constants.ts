/**
 * Discord sign-in's constants, messages and wire types, without schemas: the sign-in page and the
 * members area import these, and zod stays out of their first load. contracts/oauth.ts re-exports
 * them with the schema.
 */
export const OAUTH_PROVIDERS = ['discord'] as const
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number]

/** The sign-in popup's life, as the spec sets it. */
export const OAUTH_POPUP = {
  width: 500,
  height: 600,
  /** How often the page checks whether the visitor closed the popup. */
  closedCheckMs: 1000,
  /** The popup is closed when nothing has happened for this long. */
  maxOpenMs: 5 * 60 * 1000,
  /** After a successful sign-in the page goes to / this long after the session exists. */
  redirectAfterSuccessMs: 200,
} as const

export const OAUTH_AUTHORIZE_PATH = '/_api/auth/oauth_authorize'
export const OAUTH_START_PATH = '/oauth/start'

/** What the sign-in page shows, word for word from the spec. */
export const SIGN_IN_MESSAGES = {
  popupBlocked:
    'Failed to open authentication window. Please check if popup blockers are disabled and try again.',
  sessionFailed: 'Failed to complete authentication. Please try again.',
  unexpected: 'An unexpected error occurred during authentication. Please try again.',
  oauthFailed: 'Authentication failed. Please try again.',
  notConfigured: 'Discord sign-in is not configured on this site.',
  tempTokenRequired: 'Temporary token is required',
  tempTokenInvalid: 'This sign-in attempt has expired or was already used. Please try again.',
  unsupportedProvider: 'Unsupported sign-in provider.',
} as const

/**
 * Why a Discord sign-in or link did not happen. The popup posts the code with its message; the
 * link flow (a full-page navigation) returns to /members/profile?oauth_error=<code>.
 */
export const OAUTH_ERRORS = {
  account_linking_required:
    'An account with the e-mail address of your Discord account already exists. Sign in to that account, then connect Discord from your profile.',
  access_denied: 'Discord authorization was cancelled.',
  invalid_state:
    'This sign-in attempt has expired or was not started on this site. Please try again.',
  invalid_request: 'Discord did not send an authorization code. Please try again.',
  invalid_grant: 'Discord did not accept the authorization. Please try again.',
  rate_limited: 'Discord is busy right now. Please wait a moment and try again.',
  discord_unavailable: 'Discord could not be reached. Please try again later.',
  email_unverified:
    'Your Discord account needs a verified e-mail address to create an account here. Verify it in Discord, then try again.',
  not_configured: SIGN_IN_MESSAGES.notConfigured,
  unsupported_provider: SIGN_IN_MESSAGES.unsupportedProvider,
  session_mismatch: 'You were signed out while connecting Discord. Please sign in and try again.',
  already_linked_elsewhere:
    'This Discord account is already connected to another account on this site.',
  other_discord_linked: 'Your account is already connected to a different Discord account.',
} as const
export type OAuthErrorCode = keyof typeof OAUTH_ERRORS

export function isOAuthErrorCode(code: unknown): code is OAuthErrorCode {
  return typeof code === 'string' && Object.hasOwn(OAUTH_ERRORS, code)
}

export const OAUTH_LINKED_MESSAGE = 'Your Discord account is now connected.'

/** What the popup posts to the page that opened it (to the site's own origin only). */
export type OAuthPopupMessage =
  | { type: 'OAUTH_TOKEN_SUCCESS'; token: string }
  | {
      type: 'OAUTH_ERROR'
      error: { code: OAuthErrorCode; message: string; details: string | null }
    }

export interface OAuthAccount {
  provider: string
  providerEmail: string | null
}

export interface DiscordStatus {
  isConnected: boolean
  isInServer: boolean
  username: string | null
  /** When the member joined the community's Discord server (ISO-8601), if they did. */
  joinedAt: string | null
}

export const DISCORD_STATUS_MESSAGES = {
  fetchAccountsFailed: 'Failed to fetch OAuth accounts',
  fetchStatusFailed: 'Failed to fetch Discord status',
  accountsError: 'Could not load connected accounts.',
  statusError: 'Could not load Discord status.',
  noAccounts: 'No accounts connected.',
  reconnect: 'Discord no longer accepts the saved authorization. Please connect Discord again.',
  unavailable: OAUTH_ERRORS.discord_unavailable,
} as const
