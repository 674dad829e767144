import { z } from 'zod'
import { personName } from './text.ts'
import type { SessionUser } from './auth.ts'
import { MEMBER_DATA_MESSAGES } from './member-data.ts'

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
/** What the browser offers in its file chooser; the server decides by decoding the image. */
export const AVATAR_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp'
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const
/** Avatars are stored as square WebP images of this many pixels a side. */
export const AVATAR_SIZE_PX = 256
export const DISPLAY_NAME_MAX = 80
export const PASSWORD_MIN = 8

export const PROFILE_MESSAGES = {
  displayNameMin: 'Display name must be at least 2 characters',
  displayNameMax: `Display name must be at most ${DISPLAY_NAME_MAX} characters`,
  invalidEmail: 'Invalid email address',
  emailTaken: 'This e-mail address is already used by another account.',
  currentPasswordRequired: 'Current password is required',
  newPasswordMin: 'New password must be at least 8 characters long',
  passwordsDoNotMatch: 'New passwords do not match',
  currentPasswordWrong: 'Current password is incorrect.',
  noPasswordToChange: 'Your account signs in with Discord and has no password to change.',
  avatarEmpty: 'Avatar file cannot be empty.',
  avatarNotFile: 'Avatar must be a file.',
  avatarOneFile: 'Only one avatar file can be uploaded.',
  avatarTooLarge: 'Max file size is 5MB.',
  avatarType: '.jpg, .jpeg, .png and .webp files are accepted.',

  profileUpdated: 'Profile updated successfully!',
  passwordChanged: 'Password changed successfully!',
  avatarUpdated: 'Avatar updated successfully!',
  updateProfileFailed: 'Failed to update profile',
  updatePasswordFailed: 'Failed to update password',
  uploadAvatarFailed: 'Failed to upload avatar',
  fetchProfileFailed: 'Failed to fetch profile',
  unknownError: 'An unknown error occurred',
  loggedOut: 'You have been successfully logged out.',
  errorLoading: 'Error loading profile',
  notAuthenticatedTitle: 'Not Authenticated',
  notAuthenticated: 'Please log in to manage your profile.',
  emailFromDiscord: 'Your e-mail address comes from Discord. Change it there and sign in again.',
} as const

export const ProfileUpdateInput = z.object({
  displayName: personName(
    z
      .string({ error: PROFILE_MESSAGES.displayNameMin })
      .trim()
      .min(2, { error: PROFILE_MESSAGES.displayNameMin })
      .max(DISPLAY_NAME_MAX, { error: PROFILE_MESSAGES.displayNameMax }),
  ),
  email: z
    .string({ error: PROFILE_MESSAGES.invalidEmail })
    .trim()
    .pipe(
      z.email({ error: PROFILE_MESSAGES.invalidEmail }).max(254, PROFILE_MESSAGES.invalidEmail),
    ),
})
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>

export const PasswordChangeInput = z
  .object({
    currentPassword: z
      .string({ error: PROFILE_MESSAGES.currentPasswordRequired })
      .min(1, { error: PROFILE_MESSAGES.currentPasswordRequired }),
    newPassword: z
      .string({ error: PROFILE_MESSAGES.newPasswordMin })
      .min(PASSWORD_MIN, { error: PROFILE_MESSAGES.newPasswordMin }),
    confirmPassword: z.string({ error: PROFILE_MESSAGES.passwordsDoNotMatch }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: PROFILE_MESSAGES.passwordsDoNotMatch,
    // Also when another field is still invalid, so the form can show every field's message.
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | undefined
      return typeof v?.newPassword === 'string' && typeof v?.confirmPassword === 'string'
    },
  })
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>

/** The checks both sides can make on a chosen file; the server also decodes the image. */
export const AvatarFile = z
  .instanceof(File, { error: PROFILE_MESSAGES.avatarNotFile })
  .refine((f) => f.size > 0, { error: PROFILE_MESSAGES.avatarEmpty, abort: true })
  .refine((f) => f.size <= AVATAR_MAX_BYTES, { error: PROFILE_MESSAGES.avatarTooLarge })

/** In the browser the declared type is all there is to check before uploading. */
export const AvatarFileChoice = AvatarFile.refine(
  (f) =>
    (AVATAR_MIME_TYPES as readonly string[]).includes(f.type) ||
    /\.(jpe?g|png|webp)$/i.test(f.name),
  { error: PROFILE_MESSAGES.avatarType },
)

export const AvatarUploadInput = z.object({
  avatar: z
    .unknown()
    .refine((v) => !Array.isArray(v), { error: PROFILE_MESSAGES.avatarOneFile, abort: true })
    .pipe(AvatarFile),
})

export interface ProfileResponse {
  user: SessionUser
  /** False for an account that only signs in with Discord. */
  hasPassword: boolean
}

/** "Delete my account" (contracts/member-data.ts): the account's e-mail, typed to confirm. */
export const AccountDeleteInput = z.object({
  confirmEmail: z
    .string({ error: MEMBER_DATA_MESSAGES.confirmEmailRequired })
    .trim()
    .min(1, MEMBER_DATA_MESSAGES.confirmEmailRequired)
    .max(254, MEMBER_DATA_MESSAGES.confirmEmailMismatch),
})
export type AccountDeleteInput = z.infer<typeof AccountDeleteInput>
