import type { SessionResponse } from '../../contracts/auth.ts'
import type { DiscordStatus, OAuthAccount } from '../../contracts/oauth.ts'
import {
  AvatarUploadInput,
  PasswordChangeInput,
  type ProfileResponse,
  ProfileUpdateInput,
} from '../../contracts/profile.ts'
import { NoInput } from '../../contracts/common.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

// Every endpoint here acts on the signed-in member only: no input names a user.

export const getProfile = endpoint({
  ...API_PATHS.getProfile,
  access: 'member',
  source: 'none',
  input: NoInput,
  async handler({ user, services, c }): Promise<ProfileResponse> {
    c.header('Cache-Control', 'no-store')
    return services.profile.getProfile(user.id)
  },
})

export const updateProfile = endpoint({
  ...API_PATHS.updateProfile,
  access: 'member',
  source: 'json',
  input: ProfileUpdateInput,
  async handler({ input, user, services }): Promise<SessionResponse> {
    return { user: await services.profile.updateProfile(user.id, input) }
  },
})

export const updatePassword = endpoint({
  ...API_PATHS.updatePassword,
  access: 'member',
  source: 'json',
  input: PasswordChangeInput,
  async handler({ input, user, services, c }) {
    await services.profile.changePassword(user.id, input, c.get('sessionId'))
    return { success: true }
  },
})

export const uploadAvatar = endpoint({
  ...API_PATHS.uploadAvatar,
  access: 'member',
  heavy: true,
  source: 'multipart',
  input: AvatarUploadInput,
  async handler({ input, user, services }): Promise<SessionResponse> {
    return { user: await services.profile.uploadAvatar(user.id, input.avatar) }
  },
})

export const listOauthAccounts = endpoint({
  ...API_PATHS.listOauthAccounts,
  access: 'member',
  source: 'none',
  input: NoInput,
  async handler({ user, services, c }): Promise<OAuthAccount[]> {
    c.header('Cache-Control', 'no-store')
    return services.oauth.listAccounts(user.id)
  },
})

export const getDiscordStatus = endpoint({
  ...API_PATHS.getDiscordStatus,
  access: 'member',
  source: 'none',
  input: NoInput,
  async handler({ user, services, c }): Promise<DiscordStatus> {
    c.header('Cache-Control', 'no-store')
    return services.oauth.discordStatus(user.id)
  },
})
