import type { SessionUser } from '../../contracts/auth.ts'
import {
  AVATAR_SIZE_PX,
  type PasswordChangeInput,
  PROFILE_MESSAGES,
  type ProfileResponse,
  type ProfileUpdateInput,
} from '../../contracts/profile.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/dialect.ts'
import { isUniqueViolation } from '../db/dialect.ts'
import { deleteOauthTempTokensOfUser } from '../db/oauth.ts'
import { findUserByEmail, findUserById, updateUser } from '../db/users.ts'
import { ApiError, HTTP_MESSAGES } from '../http/errors.ts'
import { ValidationError } from '../shared/errors.ts'
import type { Logger } from '../http/logger.ts'
import { removeUpload, saveUpload } from '../storage/uploads.ts'
import type { AuthService } from './auth.ts'
import type { Clock } from './clock.ts'
import { type RateLimiter, type RateRule, waitPhrase } from './rate-limiter.ts'
import { toSessionUser } from './users.ts'

/** Formats sharp must find when it decodes the upload; the file name and declared type count for nothing. */
const AVATAR_FORMATS = new Set(['jpeg', 'png', 'webp'])
/** Larger images are refused before decoding (a 5 MB file can still claim a huge canvas). */
const AVATAR_MAX_INPUT_PIXELS = 40_000_000

export const PASSWORD_CHANGE_RATE: RateRule = {
  name: 'password-change',
  limit: 5,
  windowMs: 15 * 60 * 1000,
  message: (s) => `Too many password change attempts. Please try again in ${waitPhrase(s)}.`,
}

/** Decodes, squares and re-encodes: what is stored is our WebP, without the upload's metadata. */
export async function normalizeAvatar(input: Buffer): Promise<Buffer> {
  // Loaded on the first upload: the image library is large and most requests never need it.
  const { default: sharp } = await import('sharp')
  try {
    const image = sharp(input, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error' })
    const { format } = await image.metadata()
    if (!format || !AVATAR_FORMATS.has(format)) throw new ApiError(400, PROFILE_MESSAGES.avatarType)
    return await image
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer()
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError(400, PROFILE_MESSAGES.avatarType)
  }
}

export function createProfileService(deps: {
  db: Database
  clock: Clock
  config: Config
  auth: AuthService
  rateLimiter: RateLimiter
  logger: Logger
}) {
  const { db, clock, config, auth, rateLimiter, logger } = deps

  async function requireUser(userId: number) {
    const row = await findUserById(db, userId)
    if (!row) throw new ApiError(401, HTTP_MESSAGES.notAuthenticated)
    return row
  }

  return {
    async getProfile(userId: number): Promise<ProfileResponse> {
      const row = await requireUser(userId)
      return { user: toSessionUser(row), hasPassword: row.password_hash !== null }
    },

    async updateProfile(userId: number, input: ProfileUpdateInput): Promise<SessionUser> {
      const current = await requireUser(userId)
      const email = input.email.toLowerCase()
      // A Discord account keeps the address Discord verified: setting one without proof would
      // let a member take someone else's e-mail and block its owner's Discord sign-up.
      if (current.password_hash === null && email !== current.email)
        throw ValidationError.field('email', PROFILE_MESSAGES.emailFromDiscord)
      const owner = await findUserByEmail(db, email)
      if (owner && owner.id !== userId) throw new ApiError(409, PROFILE_MESSAGES.emailTaken)
      try {
        const row = await updateUser(db, userId, {
          display_name: input.displayName,
          email,
          updated_at: clock.now().toISOString(),
        })
        if (!row) throw new ApiError(401, HTTP_MESSAGES.notAuthenticated)
        return toSessionUser(row)
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, PROFILE_MESSAGES.emailTaken)
        throw error
      }
    },

    /** Checks the current password, stores the new one and signs out every other session of the user. */
    async changePassword(
      userId: number,
      input: PasswordChangeInput,
      keepSessionId: string | null,
    ): Promise<void> {
      const row = await requireUser(userId)
      if (row.password_hash === null) throw new ApiError(400, PROFILE_MESSAGES.noPasswordToChange)
      const key = String(userId)
      await rateLimiter.hit(PASSWORD_CHANGE_RATE, key)
      if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
        throw new ApiError(400, PROFILE_MESSAGES.currentPasswordWrong, {
          details: { currentPassword: [PROFILE_MESSAGES.currentPasswordWrong] },
        })
      }
      await rateLimiter.reset(PASSWORD_CHANGE_RATE, key)
      await updateUser(db, userId, {
        password_hash: await hashPassword(input.newPassword),
        updated_at: clock.now().toISOString(),
      })
      await auth.endOtherSessions(userId, keepSessionId ?? undefined)
      await deleteOauthTempTokensOfUser(db, userId)
    },

    async uploadAvatar(userId: number, file: File): Promise<SessionUser> {
      const before = await requireUser(userId)
      const avatar = await normalizeAvatar(Buffer.from(await file.arrayBuffer()))
      const url = await saveUpload(config.dataDir, 'avatars', 'webp', avatar, `${userId}-`)
      let row
      try {
        row = await updateUser(db, userId, {
          avatar_url: url,
          updated_at: clock.now().toISOString(),
        })
      } catch (error) {
        await removeUpload(config.dataDir, url)
        throw error
      }
      if (!row) {
        await removeUpload(config.dataDir, url)
        throw new ApiError(401, HTTP_MESSAGES.notAuthenticated)
      }
      await removeUpload(config.dataDir, before.avatar_url).catch((error: unknown) =>
        logger.error('could not remove the previous avatar', { error: String(error) }),
      )
      return toSessionUser(row)
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
