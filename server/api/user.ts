import * as API from '../../contracts/endpoints.ts'
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

/** A download: Content-Disposition names the file after the day it was made. */
export const exportMyData = handle(API.exportMyData, {
  heavy: true,
  async handler(_input, { user, services }) {
    const data = await services.memberData.exportData(user.id)
    const day = data.exportedAt.slice(0, 10)
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="my-data-${day}.json"`,
      },
    })
  },
})

export const deleteMyAccount = handle(API.deleteMyAccount, {
  async handler(input, { user, services, clearSession }) {
    await services.memberData.deleteOwnAccount(user.id, input.confirmEmail)
    clearSession()
    return { success: true }
  },
})
