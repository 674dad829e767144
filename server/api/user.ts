import type { SessionResponse } from '../../contracts/auth.ts'
import type { DiscordStatus, OAuthAccount } from '../../contracts/oauth.ts'
import {
  AvatarUploadInput,
  PasswordChangeInput,
  type ProfileResponse,
  ProfileUpdateInput,
} from '../../contracts/profile.ts'
import { NoInput } from './auth.ts'
import { endpoint } from './define.ts'

// Every endpoint here acts on the signed-in member only: no input names a user.

export const getProfile = endpoint({
  method: 'GET',
  path: '/user/profile',
  access: 'member',
  source: 'none',
  input: NoInput,
  async handler({ user, services, c }): Promise<ProfileResponse> {
    c.header('Cache-Control', 'no-store')
    return services.profile.getProfile(user.id)
  },
})

export const updateProfile = endpoint({
  method: 'POST',
  path: '/user/profile/update',
  access: 'member',
  source: 'json',
  input: ProfileUpdateInput,
  async handler({ input, user, services }): Promise<SessionResponse> {
    return { user: await services.profile.updateProfile(user.id, input) }
  },
})

export const updatePassword = endpoint({
  method: 'POST',
  path: '/user/profile/update-password',
  access: 'member',
  source: 'json',
  input: PasswordChangeInput,
  async handler({ input, user, services, c }) {
    await services.profile.changePassword(user.id, input, c.get('sessionId'))
    return { success: true }
  },
})

export const uploadAvatar = endpoint({
  method: 'POST',
  path: '/user/profile/upload-avatar',
  access: 'member',
  source: 'multipart',
  input: AvatarUploadInput,
  async handler({ input, user, services }): Promise<SessionResponse> {
    return { user: await services.profile.uploadAvatar(user.id, input.avatar) }
  },
})

export const listOauthAccounts = endpoint({
  method: 'GET',
  path: '/user/oauth-accounts',
  access: 'member',
  source: 'none',
  input: NoInput,
  async handler({ user, services, c }): Promise<OAuthAccount[]> {
    c.header('Cache-Control', 'no-store')
    return services.oauth.listAccounts(user.id)
  },
})

export const getDiscordStatus = endpoint({
  method: 'GET',
  path: '/user/discord-status',
  access: 'member',
  source: 'none',
  input: NoInput,
  async handler({ user, services, c }): Promise<DiscordStatus> {
    c.header('Cache-Control', 'no-store')
    return services.oauth.discordStatus(user.id)
  },
})
