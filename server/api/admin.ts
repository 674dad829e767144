import * as API from '../../contracts/endpoints.ts'
import { handle } from './define.ts'

// The admin's user management and dashboard totals; every endpoint here is admin only.

export const listUsers = handle(API.listUsers, {
  heavy: true,
  handler: (input, { services }) => services.adminUsers.list(input),
})

export const createUser = handle(API.createUser, {
  handler: async (input, { services }) => ({ user: await services.adminUsers.create(input) }),
})

export const updateUser = handle(API.updateUser, {
  handler: async (input, { user, services }) => ({
    user: await services.adminUsers.update(user, input),
  }),
})

export const deleteUser = handle(API.deleteUser, {
  async handler(input, { user, services }) {
    await services.adminUsers.remove(user, input.userId)
    return { success: true }
  },
})

export const updateUserPassword = handle(API.updateUserPassword, {
  async handler(input, { services, session }) {
    await services.adminUsers.setPassword(input.userId, input.newPassword, session.id ?? undefined)
    return { success: true }
  },
})

export const uploadUserAvatar = handle(API.uploadUserAvatar, {
  heavy: true,
  handler: async (input, { services }) => ({
    user: await services.adminUsers.uploadAvatar(input.userId, input.avatar),
  }),
})

export const getStats = handle(API.getStats, {
  handler: (_input, { services }) => services.adminUsers.stats(),
})
