import * as API from '../../contracts/endpoints.ts'
import { deleted } from './audit.ts'
import { activitySummary, changedFields } from '../../contracts/activity.ts'
import { handle } from './define.ts'

// The admin's user management and dashboard totals; every endpoint here is admin only.
// The audit log names an account by its id, never by its name or e-mail: once the account is
// deleted, the log still says what was done to account #12, and nothing of the person is left.

export const listUsers = handle(API.listUsers, {
  heavy: true,
  handler: (input, { services }) => services.adminUsers.list(input),
})

export const createUser = handle(API.createUser, {
  audit: (_input, { user }) => ({
    kind: 'user',
    action: 'create',
    targetId: user.id,
    summary: activitySummary('Created', `user #${user.id}`, null, [`role ${user.role}`]),
  }),
  handler: async (input, { services }) => ({ user: await services.adminUsers.create(input) }),
})

export const updateUser = handle(API.updateUser, {
  audit: (input, { user }) => ({
    kind: 'user',
    action: 'update',
    targetId: user.id,
    summary: activitySummary('Updated', `user #${user.id}`, null, changedFields(input, ['userId'])),
  }),
  handler: async (input, { user, services }) => ({
    user: await services.adminUsers.update(user, input),
  }),
})

export const deleteUser = handle(API.deleteUser, {
  audit: deleted('user', (input) => input.userId),
  async handler(input, { user, services }) {
    await services.adminUsers.remove(user, input.userId)
    return { success: true }
  },
})

export const updateUserPassword = handle(API.updateUserPassword, {
  audit: (input) => ({
    kind: 'user',
    action: 'password',
    targetId: input.userId,
    // Never the password itself.
    summary: activitySummary('Set the password of', `user #${input.userId}`, null),
  }),
  async handler(input, { services, session }) {
    await services.adminUsers.setPassword(input.userId, input.newPassword, session.id ?? undefined)
    return { success: true }
  },
})

export const uploadUserAvatar = handle(API.uploadUserAvatar, {
  audit: (_input, { user }) => ({
    kind: 'user',
    action: 'avatar',
    targetId: user.id,
    summary: activitySummary('Changed the avatar of', `user #${user.id}`, null),
  }),
  heavy: true,
  handler: async (input, { services }) => ({
    user: await services.adminUsers.uploadAvatar(input.userId, input.avatar),
  }),
})

export const getStats = handle(API.getStats, {
  handler: async (_input, { services }) => {
    const [stats, backup] = await Promise.all([
      services.adminUsers.stats(),
      services.backups.overview(),
    ])
    return { ...stats, backup }
  },
})
