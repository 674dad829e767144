import type { SessionUser } from '../../../contracts/auth.ts'
import { DISCORD_STATUS_MESSAGES } from '../../../contracts/oauth.ts'
import { PROFILE_MESSAGES } from '../../../contracts/profile.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { settled } from '../../lib/api-result.ts'
import { setData, useApi } from '../../lib/store.ts'

/** The signed-in member's own reads: dropped at logout, so the next visitor never sees them. */
const MEMBER_READS = [
  API_PATHS.getProfile,
  API_PATHS.listOauthAccounts,
  API_PATHS.getDiscordStatus,
  API_PATHS.getMemberNewsletter,
]

// One more try for a server hiccup; a 401 is never tried again.
const MEMBER_RETRIES = 1

export function useProfile(enabled: boolean) {
  return settled(
    useApi(API_PATHS.getProfile, enabled ? {} : null, {
      retries: MEMBER_RETRIES,
      fallbackMessage: PROFILE_MESSAGES.fetchProfileFailed,
    }),
  )
}

/** Runs only for a signed-in member (the spec's rule for the profile sidebar). */
export function useOauthAccounts(enabled: boolean) {
  return settled(
    useApi(API_PATHS.listOauthAccounts, enabled ? {} : null, {
      retries: MEMBER_RETRIES,
      fallbackMessage: DISCORD_STATUS_MESSAGES.fetchAccountsFailed,
    }),
  )
}

export function useDiscordStatus(enabled: boolean) {
  return settled(
    useApi(API_PATHS.getDiscordStatus, enabled ? {} : null, {
      retries: MEMBER_RETRIES,
      fallbackMessage: DISCORD_STATUS_MESSAGES.fetchStatusFailed,
    }),
  )
}

/** After a change the profile panel and the session (the header's name) show the same user. */
export function applyUser(user: SessionUser) {
  setData(API_PATHS.getProfile, {}, (old) => (old ? { ...old, user } : old))
  setData(API_PATHS.getSession, {}, { user })
}

/** `applyUser`, for the forms that take it as a hook. */
export function useApplyUser() {
  return applyUser
}

/** Signed out: the session says so, and the member's own answers are forgotten. */
export function forgetUser() {
  for (const entry of MEMBER_READS) setData(entry, {}, () => undefined)
  setData(API_PATHS.getSession, {}, { user: null })
}

/** "{prefix}: {message}", or the spec's generic text when what was thrown is not an Error. */
export function failureMessage(prefix: string, error: unknown): string {
  return error instanceof Error && error.message
    ? `${prefix}: ${error.message}`
    : PROFILE_MESSAGES.unknownError
}
