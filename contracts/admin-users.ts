import { z } from 'zod'
import type { BackupOverview } from './backups.ts'
import type { SessionUser } from './auth.ts'
import {
  DEFAULT_ROLE,
  PAGE_NUMBER_MAX,
  type Role,
  ROLES,
  positiveId,
  wholeNumber,
} from './common.ts'
import { AVATAR_MAX_BYTES, DISPLAY_NAME_MAX, PASSWORD_MIN } from './profile.ts'
import { personName } from './text.ts'

/** The admin's user management: the spec's messages word for word, plus the guards' own. */
export const ADMIN_USER_MESSAGES = {
  invalidEmail: 'Invalid email address',
  displayNameRequired: 'Display name is required',
  displayNameEmpty: 'Display name cannot be empty',
  displayNameMax: `Display name must be at most ${DISPLAY_NAME_MAX} characters`,
  passwordMin: 'Password must be at least 8 characters long',
  roleInvalid: 'Role must be user or admin',
  userIdInvalid: 'User ID must be a positive integer',
  emailTaken: 'A user with this email already exists',
  userNotFound: 'User not found.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDemoteSelf: 'You cannot remove your own admin role.',
  lastAdminDelete:
    'This is the last administrator: the site must keep at least one, so it cannot be deleted.',
  lastAdminDemote:
    'This is the last administrator: the site must keep at least one, so its role cannot change.',
  avatarRequired: 'Avatar is required.',
  avatarTooLarge: 'File size should be less than 5MB.',
  avatarType: 'Only .jpg, .jpeg, .png, .webp and .gif formats are supported.',

  created: 'User created successfully.',
  updated: 'User updated successfully.',
  deleted: 'User deleted successfully.',
  passwordUpdated: 'Password updated successfully.',
  avatarUpdated: 'Avatar updated successfully.',
  createFailed: 'Failed to create user',
  updateFailed: 'Failed to update user',
  deleteFailed: 'Failed to delete user',
  passwordFailed: 'Failed to update password',
  avatarFailed: 'Failed to upload avatar',
  empty: 'No users found.',
  errorLoading: 'Error loading users',
  unknownError: 'Unknown error',
} as const

export const ADMIN_USERS_PAGE_SIZE = 10
export const ADMIN_USERS_LIMIT_MAX = 100
export const ADMIN_USER_SORT_FIELDS = ['displayName', 'email', 'createdAt'] as const
export type AdminUserSortField = (typeof ADMIN_USER_SORT_FIELDS)[number]
export const ADMIN_AVATAR_ACCEPT =
  '.jpg,.jpeg,.png,.webp,.gif,image/jpeg,image/png,image/webp,image/gif'
export const ADMIN_AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif']

export const AdminUserListQuery = z.object({
  page: wholeNumber(1, PAGE_NUMBER_MAX),
  limit: wholeNumber(ADMIN_USERS_PAGE_SIZE, ADMIN_USERS_LIMIT_MAX),
  sortBy: z.enum(ADMIN_USER_SORT_FIELDS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().trim().max(200).optional(),
})
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>

const email = z
  .string({ error: ADMIN_USER_MESSAGES.invalidEmail })
  .trim()
  .pipe(
    z
      .email({ error: ADMIN_USER_MESSAGES.invalidEmail })
      .max(254, { error: ADMIN_USER_MESSAGES.invalidEmail }),
  )

/** The form takes the role as free text; only `user` and `admin` (any case) are accepted. */
const roleText = z.string({ error: ADMIN_USER_MESSAGES.roleInvalid }).trim().toLowerCase()
const roleName = z.enum(ROLES, { error: ADMIN_USER_MESSAGES.roleInvalid })
const role = roleText.pipe(roleName)

const displayName = (message: string) =>
  personName(
    z
      .string({ error: message })
      .trim()
      .min(1, { error: message })
      .max(DISPLAY_NAME_MAX, { error: ADMIN_USER_MESSAGES.displayNameMax }),
  )

const password = z
  .string({ error: ADMIN_USER_MESSAGES.passwordMin })
  .min(PASSWORD_MIN, { error: ADMIN_USER_MESSAGES.passwordMin })
  .max(1024, { error: 'Password must be at most 1024 characters long' })

const userId = positiveId(ADMIN_USER_MESSAGES.userIdInvalid)

export const AdminUserCreateInput = z.object({
  email,
  displayName: displayName(ADMIN_USER_MESSAGES.displayNameRequired),
  password,
  /** Left empty, the role is the default one. */
  role: roleText
    .transform((r) => r || DEFAULT_ROLE)
    .pipe(roleName)
    .optional()
    .transform((r): Role => r ?? DEFAULT_ROLE),
})
export type AdminUserCreateInput = z.infer<typeof AdminUserCreateInput>

export const AdminUserUpdateInput = z.object({
  userId,
  email: email.optional(),
  displayName: displayName(ADMIN_USER_MESSAGES.displayNameEmpty).optional(),
  role: role.optional(),
})
export type AdminUserUpdateInput = z.infer<typeof AdminUserUpdateInput>

export const AdminUserIdInput = z.object({ userId })

export const AdminPasswordInput = z.object({ userId, newPassword: password })

/** Checks both sides can make on a chosen file; the server decides by decoding it. */
export const AdminAvatarFile = z
  .instanceof(File, { error: ADMIN_USER_MESSAGES.avatarRequired })
  .refine((f) => f.size > 0, { error: ADMIN_USER_MESSAGES.avatarRequired, abort: true })
  .refine((f) => f.size <= AVATAR_MAX_BYTES, { error: ADMIN_USER_MESSAGES.avatarTooLarge })

export const AdminAvatarInput = z.object({
  userId,
  avatar: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', {
      error: ADMIN_USER_MESSAGES.avatarRequired,
      abort: true,
    })
    .refine((v) => !Array.isArray(v), {
      error: 'Only one avatar file can be uploaded.',
      abort: true,
    })
    .pipe(AdminAvatarFile),
})

/** What the admin sees of a user: never a password hash or a session. */
export type AdminUser = Pick<
  SessionUser,
  'id' | 'displayName' | 'email' | 'role' | 'avatarUrl' | 'createdAt'
>

export interface AdminUserListResponse {
  users: AdminUser[]
  total: number
}

export interface AdminStats {
  totalBlogPosts: number
  totalPages: number
  totalYoutubeVideos: number
  /** Contact-form messages neither read nor archived: the count on the dashboard and its tab. */
  unreadMessages: number
  /** The last scheduled backup, and whether the schedule is on. */
  backup: BackupOverview
}
