import type { SessionUser } from '../../contracts/auth.ts'
import type { UserRow } from '../db/schema.ts'

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    avatarUrl: row.avatar_url,
    createdAt: row.created_at,
  }
}
