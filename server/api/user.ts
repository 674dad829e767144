import { findUserById } from '../db/users.ts'
import { ApiError, HTTP_MESSAGES } from '../http/errors.ts'
import { toSessionUser } from '../services/users.ts'
import { NoInput } from './auth.ts'
import { endpoint } from './define.ts'

export const getProfile = endpoint({
  method: 'GET',
  path: '/user/profile',
  access: 'member',
  source: 'none',
  input: NoInput,
  async handler({ user, services }) {
    const row = await findUserById(services.db, user.id)
    if (!row) throw new ApiError(401, HTTP_MESSAGES.notAuthenticated)
    return { user: toSessionUser(row) }
  },
})
