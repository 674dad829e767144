import {
  ADMIN_USER_MESSAGES as M,
  type AdminStats,
  type AdminUser,
  type AdminUserCreateInput,
  type AdminUserListQuery,
  type AdminUserListResponse,
  type AdminUserUpdateInput,
} from '../../contracts/admin-users.ts'
import type { SessionUser } from '../../contracts/auth.ts'
import { ADMIN_ROLE, isAdmin } from '../../contracts/common-constants.ts'
import { hashPassword } from '../auth/passwords.ts'
import { type Database, inTransaction, isUniqueViolation } from '../db/dialect.ts'
import { deleteOauthTempTokensOfUser } from '../db/oauth.ts'
import type { UserRow } from '../db/schema.ts'
import { countUnreadMessages } from '../db/contact-messages.ts'
import { countContent } from '../db/stats.ts'
import {
  changeUserKeepingAnAdmin,
  findUserByEmail,
  findUserById,
  insertUser,
  LastAdminError,
  listUsers,
  updateUser,
  type UserSortColumn,
} from '../db/users.ts'
import type { ImagePolicy } from '../media/images.ts'
import { Conflict, NotFound } from '../shared/errors.ts'
import type { AuthService } from './auth.ts'
import type { Clock } from '../shared/clock.ts'
import type { MemberDataService } from './member-data.ts'
import { normalizeAvatar, type ProfileService } from './profile.ts'
import { toSessionUser } from './users.ts'

/** The admin side also takes GIFs (first frame); the stored avatar is WebP either way. */
export const ADMIN_AVATAR_POLICY: ImagePolicy = {
  formats: new Set(['jpeg', 'png', 'webp', 'gif']),
  maxInputPixels: 40_000_000,
}

const SORT_COLUMNS: Record<AdminUserListQuery['sortBy'], UserSortColumn> = {
  displayName: 'display_name',
  email: 'email',
  createdAt: 'created_at',
}

function toAdminUser(row: UserRow): AdminUser {
  const { id, displayName, email, role, avatarUrl, createdAt } = toSessionUser(row)
  return { id, displayName, email, role, avatarUrl, createdAt }
}

export function createAdminUserService(deps: {
  db: Database
  clock: Clock
  auth: AuthService
  profile: ProfileService
  memberData: MemberDataService
}) {
  const { db, clock, auth, profile, memberData } = deps

  async function requireUser(userId: number): Promise<UserRow> {
    const row = await findUserById(db, userId)
    if (!row) throw new NotFound(M.userNotFound)
    return row
  }

  async function emailIsFree(email: string, exceptId?: number) {
    const owner = await findUserByEmail(db, email)
    if (owner && owner.id !== exceptId) throw new Conflict(M.emailTaken)
  }

  return {
    async list(query: AdminUserListQuery): Promise<AdminUserListResponse> {
      const { rows, total } = await listUsers(db, {
        search: query.search || undefined,
        sortBy: SORT_COLUMNS[query.sortBy],
        sortOrder: query.sortOrder,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      })
      return { users: rows.map(toAdminUser), total }
    },

    async create(input: AdminUserCreateInput): Promise<AdminUser> {
      await emailIsFree(input.email)
      const now = clock.now().toISOString()
      try {
        const row = await insertUser(db, {
          email: input.email,
          display_name: input.displayName,
          role: input.role,
          password_hash: await hashPassword(input.password),
          avatar_url: null,
          created_at: now,
          updated_at: now,
        })
        return toAdminUser(row)
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(M.emailTaken)
        throw error
      }
    },

    async update(actor: SessionUser, input: AdminUserUpdateInput): Promise<AdminUser> {
      await requireUser(input.userId)
      if (input.email !== undefined) await emailIsFree(input.email, input.userId)
      const demotes = input.role !== undefined && input.role !== ADMIN_ROLE
      if (demotes && actor.id === input.userId) {
        const self = await requireUser(actor.id)
        if (isAdmin(self)) throw new Conflict(M.cannotDemoteSelf)
      }
      try {
        const row = await inTransaction(db, (outer) =>
          changeUserKeepingAnAdmin(
            outer,
            input.userId,
            () => demotes,
            (trx) =>
              updateUser(trx, input.userId, {
                ...(input.email !== undefined && { email: input.email }),
                ...(input.displayName !== undefined && { display_name: input.displayName }),
                ...(input.role !== undefined && { role: input.role }),
                updated_at: clock.now().toISOString(),
              }),
          ),
        )
        if (!row) throw new NotFound(M.userNotFound)
        return toAdminUser(row)
      } catch (error) {
        if (error instanceof LastAdminError) throw new Conflict(M.lastAdminDemote)
        if (isUniqueViolation(error)) throw new Conflict(M.emailTaken)
        throw error
      }
    },

    /** Removes the user and all of their data, as their own deletion does (member-data.ts). */
    async remove(actor: SessionUser, userId: number): Promise<void> {
      if (actor.id === userId) throw new Conflict(M.cannotDeleteSelf)
      try {
        if (!(await memberData.eraseAccount(userId))) throw new NotFound(M.userNotFound)
      } catch (error) {
        if (error instanceof LastAdminError) throw new Conflict(M.lastAdminDelete)
        throw error
      }
    },

    /** Sets a new password; every session of the user ends except the one making the change. */
    async setPassword(userId: number, newPassword: string, keepSessionId?: string): Promise<void> {
      await requireUser(userId)
      await updateUser(db, userId, {
        password_hash: await hashPassword(newPassword),
        updated_at: clock.now().toISOString(),
      })
      await auth.endOtherSessions(userId, keepSessionId)
      await deleteOauthTempTokensOfUser(db, userId)
    },

    async uploadAvatar(userId: number, file: File): Promise<AdminUser> {
      await requireUser(userId)
      const avatar = await normalizeAvatar(
        Buffer.from(await file.arrayBuffer()),
        ADMIN_AVATAR_POLICY,
        M.avatarType,
      )
      const user = await profile.replaceAvatar(userId, avatar, () => requireUser(userId))
      return { ...user }
    },

    async stats(): Promise<Omit<AdminStats, 'backup'>> {
      const [{ posts, pages, videos }, unread] = await Promise.all([
        countContent(db),
        countUnreadMessages(db),
      ])
      return {
        totalBlogPosts: posts,
        totalPages: pages,
        totalYoutubeVideos: videos,
        unreadMessages: unread,
      }
    },
  }
}

export type AdminUserService = ReturnType<typeof createAdminUserService>
