import * as API from '../../contracts/api-paths.ts'
import { handle } from './define.ts'

// Every endpoint here acts on the signed-in member only: no input names a user.

export const getProfile = handle(API.getProfile, {
  handler: (_input, { user, services }) => services.profile.getProfile(user.id),
})

export const updateProfile = handle(API.updateProfile, {
  handler: async (input, { user, services }) => ({
    user: await services.profile.updateProfile(user.id, input),
  }),
})

export const updatePassword = handle(API.updatePassword, {
  async handler(input, { user, services, session }) {
    await services.profile.changePassword(user.id, input, session.id)
    return { success: true }
  },
})

export const uploadAvatar = handle(API.uploadAvatar, {
  heavy: true,
  handler: async (input, { user, services }) => ({
    user: await services.profile.uploadAvatar(user.id, input.avatar),
  }),
})

export const listOauthAccounts = handle(API.listOauthAccounts, {
  handler: (_input, { user, services }) => services.oauth.listAccounts(user.id),
})

export const getDiscordStatus = handle(API.getDiscordStatus, {
  handler: (_input, { user, services }) => services.oauth.discordStatus(user.id),
})
