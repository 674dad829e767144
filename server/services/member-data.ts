import {
  confirmsEmail,
  MEMBER_DATA_MESSAGES as M,
  type MemberDataExport,
} from '../../contracts/member-data.ts'
import { findAuroraAlert } from '../db/aurora-alerts.ts'
import { type Database, inTransaction } from '../db/dialect.ts'
import { findHomePlace } from '../db/home-places.ts'
import {
  eraseMemberRows,
  listContactMessagesForExport,
  listLinkedAccountsForExport,
  listSessionsForExport,
  listSubscriptionsForExport,
} from '../db/member-data.ts'
import {
  deletePendingFileDeletion,
  insertPendingFileDeletion,
  listDueFileDeletions,
  markFileDeletionFailed,
} from '../db/pending-file-deletions.ts'
import { changeUserKeepingAnAdmin, findUserById, LastAdminError } from '../db/users.ts'
import type { Clock } from '../shared/clock.ts'
import { AUTH_REQUIRED, Conflict, NotAuthenticated, ValidationError } from '../shared/errors.ts'
import type { Logger } from '../shared/logger.ts'
import type { Storage } from '../storage/storage.ts'
import { LOGIN_RATE_PER_ACCOUNT } from './auth.ts'
import { AVATAR_UPLOAD_RATE, PASSWORD_CHANGE_RATE } from './profile.ts'
import { type RateLimiter, type RateRule, waitPhrase } from './rate-limiter.ts'

/** A download reads a dozen tables: 10 an hour per member is plenty for a person. */
export const DATA_EXPORT_RATE: RateRule = {
  name: 'data-export',
  limit: 10,
  windowMs: 60 * 60 * 1000,
  message: (s) => M.exportRate(waitPhrase(s)),
}

/** The rules whose counters are kept under the member's id: gone with the account. */
const MEMBER_RATE_RULES = [DATA_EXPORT_RATE, AVATAR_UPLOAD_RATE, PASSWORD_CHANGE_RATE]

/** A file the storage would not delete is tried again after this, then at each job run. */
const FILE_DELETION_RETRY_MS = 10 * 60 * 1000
const FILE_DELETION_BATCH = 100
/** The download reads a member's contact messages this many at a time. */
const EXPORT_MESSAGES_PAGE = 200

type ExportedContactMessage = MemberDataExport['contactMessages'][number]

/**
 * A member's data as the download streams it: everything but the contact messages at once (each
 * part is bounded: sessions expire, accounts and subscriptions are few), and the contact messages,
 * which anyone can send under any address, read page by page as the response is written.
 */
export interface MemberDataDownload {
  data: Omit<MemberDataExport, 'contactMessages'>
  contactMessages(): AsyncGenerator<ExportedContactMessage>
}

/**
 * The download's JSON text in pieces: exactly `JSON.stringify(export, null, 2)`, with the contact
 * messages written as they are read.
 */
export async function* memberDataJson(download: MemberDataDownload): AsyncGenerator<string> {
  const head = JSON.stringify(download.data, null, 2)
  yield `${head.slice(0, -2)},\n  "contactMessages": [`
  let first = true
  for await (const message of download.contactMessages()) {
    yield `${first ? '' : ','}\n    ${JSON.stringify(message, null, 2).replace(/\n/g, '\n    ')}`
    first = false
  }
  yield first ? ']\n}' : '\n  ]\n}'
}

export function createMemberDataService(deps: {
  db: Database
  clock: Clock
  logger: Logger
  storage: Storage
  rateLimiter: RateLimiter
}) {
  const { db, clock, logger, storage, rateLimiter } = deps

  /** Removes a file recorded as pending; a failure keeps the record for the retry job. */
  async function deleteFile(key: string): Promise<boolean> {
    try {
      await storage.delete(key)
      await deletePendingFileDeletion(db, key)
      return true
    } catch (error) {
      logger.error('could not remove a stored file; it will be retried', {
        key,
        error: String(error),
      })
      const next = new Date(clock.now().getTime() + FILE_DELETION_RETRY_MS).toISOString()
      await markFileDeletionFailed(db, key, String(error), next)
      return false
    }
  }

  async function avatarForExport(url: string | null): Promise<MemberDataExport['avatar']> {
    if (!url) return null
    const key = storage.keyOf(url)
    const stored = key ? await storage.get(key) : null
    const dataUrl = stored
      ? `data:${stored.contentType};base64,${stored.bytes.toString('base64')}`
      : null
    return { url, dataUrl }
  }

  /**
   * Deletes the account and all of its rows in one transaction that keeps an administrator
   * (a LastAdminError otherwise), then its avatar file. The file is first recorded as pending
   * in that transaction, so a storage that fails, or a process that stops, leaves a record
   * the retry job finishes. Answers false when there was no such user. The member's own
   * deletion and the admin's go through here, so both remove the same things.
   */
  async function eraseAccount(userId: number): Promise<boolean> {
    const now = clock.now().toISOString()
    const erased = await inTransaction(db, (outer) =>
      changeUserKeepingAnAdmin(
        outer,
        userId,
        () => true,
        async (trx, row) => {
          const key = storage.keyOf(row.avatar_url)
          if (key) await insertPendingFileDeletion(trx, key, now)
          const removed = await eraseMemberRows(trx, {
            userId,
            email: row.email,
            rateLimitKeys: MEMBER_RATE_RULES.map((r) => `${r.name}:${userId}`),
            rateLimitPrefixes: [`${LOGIN_RATE_PER_ACCOUNT.name}:${row.email.toLowerCase()}|`],
          })
          return removed ? { key } : undefined
        },
      ),
    )
    if (!erased) return false
    if (erased.key) await deleteFile(erased.key)
    return true
  }

  return {
    eraseAccount,

    /** Everything the site keeps of the member, and nothing of anyone else or any secret. */
    async exportData(userId: number): Promise<MemberDataDownload> {
      await rateLimiter.hit(DATA_EXPORT_RATE, String(userId))
      const user = await findUserById(db, userId)
      if (!user) throw new NotAuthenticated(AUTH_REQUIRED)
      const [linked, sessions, subscriptions, home, alert, avatar] = await Promise.all([
        listLinkedAccountsForExport(db, userId),
        listSessionsForExport(db, userId),
        listSubscriptionsForExport(db, userId, user.email),
        findHomePlace(db, userId),
        findAuroraAlert(db, userId),
        avatarForExport(user.avatar_url),
      ])
      const data: MemberDataDownload['data'] = {
        exportedAt: clock.now().toISOString(),
        account: {
          id: user.id,
          email: user.email,
          displayName: user.display_name,
          role: user.role,
          createdAt: user.created_at,
          updatedAt: user.updated_at,
          hasPassword: user.password_hash !== null,
        },
        avatar,
        linkedAccounts: linked.map((a) => ({
          provider: a.provider,
          providerUserId: a.provider_user_id,
          providerUsername: a.provider_username,
          providerEmail: a.provider_email,
          linkedAt: a.created_at,
        })),
        sessions: sessions.map((s) => ({
          createdAt: s.created_at,
          expiresAt: s.expires_at,
          ip: s.ip,
          userAgent: s.user_agent,
        })),
        newsletterSubscriptions: subscriptions.map((s) => ({
          email: s.email,
          preferences: { posts: s.posts === 1, digest: s.digest === 1, alerts: s.alerts === 1 },
          confirmedAt: s.confirmed_at,
          unsubscribedAt: s.unsubscribed_at,
          createdAt: s.created_at,
          updatedAt: s.updated_at,
        })),
        homePlace: home
          ? {
              name: home.home_place_name,
              lat: home.home_lat,
              lon: home.home_lon,
              updatedAt: home.updated_at,
            }
          : null,
        auroraAlert: alert
          ? {
              enabled: alert.enabled === 1,
              placeName: alert.place_name,
              lat: alert.lat,
              lon: alert.lon,
              threshold: alert.threshold,
              defaultThreshold: alert.default_threshold,
              lastAlertAt: alert.last_alert_at,
              updatedAt: alert.updated_at,
            }
          : null,
      }
      return {
        data,
        async *contactMessages() {
          let afterId = 0
          for (;;) {
            const page = await listContactMessagesForExport(
              db,
              user.email,
              afterId,
              EXPORT_MESSAGES_PAGE,
            )
            for (const m of page) {
              yield {
                name: m.name,
                email: m.email,
                subject: m.subject,
                message: m.message,
                ip: m.ip,
                userAgent: m.user_agent,
                sentAt: m.created_at,
              }
            }
            if (page.length < EXPORT_MESSAGES_PAGE) return
            afterId = page[page.length - 1]!.id
          }
        },
      }
    },

    /** The member's own deletion, confirmed by typing the account's e-mail address. */
    async deleteOwnAccount(userId: number, confirmEmail: string): Promise<void> {
      const user = await findUserById(db, userId)
      if (!user) throw new NotAuthenticated(AUTH_REQUIRED)
      if (!confirmsEmail(confirmEmail, user.email))
        throw ValidationError.field('confirmEmail', M.confirmEmailMismatch)
      try {
        if (!(await eraseAccount(userId))) throw new NotAuthenticated(AUTH_REQUIRED)
      } catch (error) {
        if (error instanceof LastAdminError) throw new Conflict(M.lastAdmin)
        throw error
      }
    },

    /** The retry job: removes the files still pending; answers how many are gone. */
    async retryFileDeletions(): Promise<number> {
      const due = await listDueFileDeletions(db, clock.now().toISOString(), FILE_DELETION_BATCH)
      let done = 0
      for (const row of due) if (await deleteFile(row.storage_key)) done += 1
      return done
    },
  }
}

export type MemberDataService = ReturnType<typeof createMemberDataService>
