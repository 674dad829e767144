import {
  AdminAvatarInput,
  AdminPasswordInput,
  type AdminStats,
  type AdminUser,
  AdminUserCreateInput,
  AdminUserIdInput,
  AdminUserListQuery,
  type AdminUserListResponse,
  AdminUserUpdateInput,
} from '../../contracts/admin-users.ts'
import { NoInput } from '../../contracts/common.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

// The admin's user management and dashboard totals; every endpoint here is admin only.

export const listUsers = endpoint({
  ...API_PATHS.listUsers,
  access: 'admin',
  heavy: true,
  source: 'query',
  input: AdminUserListQuery,
  async handler({ input, services, c }): Promise<AdminUserListResponse> {
    c.header('Cache-Control', 'no-store')
    return services.adminUsers.list(input)
  },
})

export const createUser = endpoint({
  ...API_PATHS.createUser,
  access: 'admin',
  source: 'json',
  input: AdminUserCreateInput,
  async handler({ input, services, c }): Promise<{ user: AdminUser }> {
    c.status(201)
    return { user: await services.adminUsers.create(input) }
  },
})

export const updateUser = endpoint({
  ...API_PATHS.updateUser,
  access: 'admin',
  source: 'json',
  input: AdminUserUpdateInput,
  async handler({ input, user, services }): Promise<{ user: AdminUser }> {
    return { user: await services.adminUsers.update(user, input) }
  },
})

export const deleteUser = endpoint({
  ...API_PATHS.deleteUser,
  access: 'admin',
  source: 'json',
  input: AdminUserIdInput,
  async handler({ input, user, services }) {
    await services.adminUsers.remove(user, input.userId)
    return { success: true }
  },
})

export const updateUserPassword = endpoint({
  ...API_PATHS.updateUserPassword,
  access: 'admin',
  source: 'json',
  input: AdminPasswordInput,
  async handler({ input, services, c }) {
    await services.adminUsers.setPassword(
      input.userId,
      input.newPassword,
      c.get('sessionId') ?? undefined,
    )
    return { success: true }
  },
})

export const uploadUserAvatar = endpoint({
  ...API_PATHS.uploadUserAvatar,
  access: 'admin',
  heavy: true,
  source: 'multipart',
  input: AdminAvatarInput,
  async handler({ input, services }): Promise<{ user: AdminUser }> {
    return { user: await services.adminUsers.uploadAvatar(input.userId, input.avatar) }
  },
})

export const getStats = endpoint({
  ...API_PATHS.getStats,
  access: 'admin',
  source: 'none',
  input: NoInput,
  async handler({ services, c }): Promise<AdminStats> {
    c.header('Cache-Control', 'no-store')
    return services.adminUsers.stats()
  },
})
