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
import type { UserRow } from '../db/schema.ts'
import { isUniqueViolation } from '../db/dialect.ts'
import { deleteOauthTempTokensOfUser } from '../db/oauth.ts'
import { findUserByEmail, findUserById, swapUserAvatar, updateUser } from '../db/users.ts'
import {
  AUTH_REQUIRED,
  Conflict,
  NotAuthenticated,
  Unavailable,
  ValidationError,
} from '../shared/errors.ts'
import type { Logger } from '../shared/logger.ts'
import type { Storage } from '../storage/storage.ts'
import { type ImagePolicy, ImageRejected, processImage, rejectionMessage } from '../media/images.ts'
import { randomBytes } from 'node:crypto'
import type { AuthService } from './auth.ts'
import type { Clock } from '../shared/clock.ts'
import { type RateLimiter, type RateRule, waitPhrase } from './rate-limiter.ts'
import { toSessionUser } from './users.ts'

/** Decoded by content; a 5 MB file can still claim a huge canvas, so the header is checked first. */
export const AVATAR_POLICY: ImagePolicy = {
  formats: new Set(['jpeg', 'png', 'webp']),
  maxInputPixels: 40_000_000,
}

/** Uploads cost a decode each: 10 an hour per member is far more than anyone changes a photo. */
export const AVATAR_UPLOAD_RATE: RateRule = {
  name: 'avatar-upload',
  limit: 10,
  windowMs: 60 * 60 * 1000,
  message: (s) => `Too many avatar uploads. Please try again in ${waitPhrase(s)}.`,
}

export const PASSWORD_CHANGE_RATE: RateRule = {
  name: 'password-change',
  limit: 5,
  windowMs: 15 * 60 * 1000,
  message: (s) => `Too many password change attempts. Please try again in ${waitPhrase(s)}.`,
}

/** Decodes, squares and re-encodes: what is stored is our WebP, without the upload's metadata. */
export async function normalizeAvatar(
  input: Buffer,
  policy: ImagePolicy = AVATAR_POLICY,
  typeMessage: string = PROFILE_MESSAGES.avatarType,
): Promise<Buffer> {
  try {
    const out = await processImage(input, policy, {
      widths: [AVATAR_SIZE_PX],
      square: true,
      quality: 85,
    })
    return out.variants[0]!.bytes
  } catch (error) {
    if (error instanceof ImageRejected)
      throw ValidationError.field('avatar', rejectionMessage(error, policy, typeMessage))
    throw error
  }
}

export function createProfileService(deps: {
  db: Database
  clock: Clock
  config: Config
  auth: AuthService
  rateLimiter: RateLimiter
  logger: Logger
  storage: Storage
}) {
  const { db, clock, auth, rateLimiter, logger, storage } = deps

  /** Only our own upload files are removed: an external URL (a Discord avatar) is left alone. */
  async function removeAvatarFile(url: string | null) {
    const key = storage.keyOf(url)
    if (!key) return
    await storage
      .delete(key)
      .catch((error: unknown) =>
        logger.error('could not remove an avatar file', { key, error: String(error) }),
      )
  }

  async function requireUser(userId: number) {
    const row = await findUserById(db, userId)
    if (!row) throw new NotAuthenticated(AUTH_REQUIRED)
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
      if (owner && owner.id !== userId) throw new Conflict(PROFILE_MESSAGES.emailTaken)
      try {
        const row = await updateUser(db, userId, {
          display_name: input.displayName,
          email,
          updated_at: clock.now().toISOString(),
        })
        if (!row) throw new NotAuthenticated(AUTH_REQUIRED)
        return toSessionUser(row)
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(PROFILE_MESSAGES.emailTaken)
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
      if (row.password_hash === null) throw new ValidationError(PROFILE_MESSAGES.noPasswordToChange)
      const key = String(userId)
      await rateLimiter.hit(PASSWORD_CHANGE_RATE, key)
      if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
        throw new ValidationError(PROFILE_MESSAGES.currentPasswordWrong, {
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
      await requireUser(userId)
      await rateLimiter.hit(AVATAR_UPLOAD_RATE, String(userId))
      const avatar = await normalizeAvatar(Buffer.from(await file.arrayBuffer()))
      return this.replaceAvatar(userId, avatar, () => requireUser(userId))
    },

    /**
     * Stores an already normalised avatar and points the user at it, removing the file it replaced.
     * `reload` answers the user's current row (and throws when the user is gone).
     */
    async replaceAvatar(
      userId: number,
      avatar: Buffer,
      reload: () => Promise<UserRow>,
    ): Promise<SessionUser> {
      let current = await reload()
      const key = `avatars/${userId}-${randomBytes(12).toString('hex')}.webp`
      await storage.put(key, avatar, 'image/webp')
      const url = storage.url(key)
      try {
        // Compare-and-swap: each upload learns which avatar it replaced, even when several race.
        for (let attempt = 0; attempt < 10; attempt++) {
          const row = await swapUserAvatar(
            db,
            userId,
            current.avatar_url,
            url,
            clock.now().toISOString(),
          )
          if (row) {
            await removeAvatarFile(current.avatar_url)
            return toSessionUser(row)
          }
          current = await reload()
        }
        throw new Unavailable('Too many avatar changes at once. Please try again.')
      } catch (error) {
        await removeAvatarFile(url)
        throw error
      }
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
