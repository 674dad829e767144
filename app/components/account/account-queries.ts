import { useQuery, useQueryClient } from '../../lib/query.ts'
import { useCallback } from 'react'
import type { SessionResponse, SessionUser } from '../../../contracts/auth.ts'
import {
  type DiscordStatus,
  DISCORD_STATUS_MESSAGES,
  type OAuthAccount,
} from '../../../contracts/oauth.ts'
import { PROFILE_MESSAGES, type ProfileResponse } from '../../../contracts/profile.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { ApiRequestError, apiFetch } from '../../lib/api.ts'
import { SESSION_QUERY_KEY } from '../../lib/auth.ts'

/** Everything about the signed-in member lives under ['user', …] and is dropped at logout. */
export const USER_QUERY_ROOT = ['user'] as const
export const PROFILE_QUERY_KEY = ['user', 'profile'] as const
export const OAUTH_ACCOUNTS_QUERY_KEY = ['user', 'oauth-accounts'] as const
export const DISCORD_STATUS_QUERY_KEY = ['user', 'discord-status'] as const

// A 401 will not get better by asking again.
function retryUnlessUnauthorized(failures: number, error: Error): boolean {
  return !(error instanceof ApiRequestError && error.status === 401) && failures < 1
}

export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () =>
      apiFetch<ProfileResponse>(API_PATHS.getProfile, {}, PROFILE_MESSAGES.fetchProfileFailed),
    enabled,
    retry: retryUnlessUnauthorized,
  })
}

/** Runs only for a signed-in member (the spec's rule for the profile sidebar). */
export function useOauthAccounts(enabled: boolean) {
  return useQuery({
    queryKey: OAUTH_ACCOUNTS_QUERY_KEY,
    queryFn: () =>
      apiFetch<OAuthAccount[]>(
        API_PATHS.listOauthAccounts,
        {},
        DISCORD_STATUS_MESSAGES.fetchAccountsFailed,
      ),
    enabled,
    retry: retryUnlessUnauthorized,
  })
}

export function useDiscordStatus(enabled: boolean) {
  return useQuery({
    queryKey: DISCORD_STATUS_QUERY_KEY,
    queryFn: () =>
      apiFetch<DiscordStatus>(
        API_PATHS.getDiscordStatus,
        {},
        DISCORD_STATUS_MESSAGES.fetchStatusFailed,
      ),
    enabled,
    retry: retryUnlessUnauthorized,
  })
}

/** After a change the profile panel and the session (the header's name) show the same user. */
export function useApplyUser() {
  const queryClient = useQueryClient()
  return useCallback(
    (user: SessionUser) => {
      queryClient.setQueryData<ProfileResponse>(PROFILE_QUERY_KEY, (old) =>
        old ? { ...old, user } : old,
      )
      queryClient.setQueryData<SessionResponse>(SESSION_QUERY_KEY, { user })
    },
    [queryClient],
  )
}

/** "{prefix}: {message}", or the spec's generic text when what was thrown is not an Error. */
export function failureMessage(prefix: string, error: unknown): string {
  return error instanceof Error && error.message
    ? `${prefix}: ${error.message}`
    : PROFILE_MESSAGES.unknownError
}
