import * as API from '../../contracts/endpoints.ts'
import { handle } from './define.ts'
import { memberDataJson } from '../services/member-data.ts'

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

/**
 * A download: Content-Disposition names the file after the day it was made. The JSON streams out
 * as the contact messages are read, so however many there are, a few pages of them are in memory.
 */
export const exportMyData = handle(API.exportMyData, {
  heavy: true,
  async handler(_input, { user, services }) {
    const download = await services.memberData.exportData(user.id)
    const day = download.data.exportedAt.slice(0, 10)
    const encoder = new TextEncoder()
    const chunks = memberDataJson(download)
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      },
      async cancel() {
        await chunks.return(undefined)
      },
    })
    return new Response(body, {
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
