import {
  CONTACT_INBOX_MESSAGES as M,
  type InboxListResponse,
  type InboxMessage,
} from '../../contracts/contact-messages-constants.ts'
import type { InboxListQuery, InboxUpdateInput } from '../../contracts/contact-messages.ts'
import {
  deleteContactMessage,
  deleteContactMessagesBefore,
  findInboxState,
  listInboxMessages,
  updateInboxMessage,
} from '../db/contact-messages.ts'
import type { Database } from '../db/dialect.ts'
import type { ContactMessageRow } from '../db/schema.ts'
import type { Clock } from '../shared/clock.ts'
import { NotFound } from '../shared/errors.ts'
import type { Logger } from '../shared/logger.ts'

const DAY = 24 * 60 * 60 * 1000

function toInboxMessage(row: ContactMessageRow): InboxMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    readAt: row.read_at,
    archivedAt: row.archived_at,
  }
}

/** The admin inbox of contact-form messages, and the retention that empties it. */
export function createContactInboxService(deps: {
  db: Database
  clock: Clock
  logger: Logger
  retentionDays: number
}) {
  const { db, clock, logger, retentionDays } = deps
  return {
    async list(query: InboxListQuery): Promise<InboxListResponse> {
      const { rows, total, unread } = await listInboxMessages(db, {
        view: query.filter,
        search: query.search || undefined,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      })
      return { messages: rows.map(toInboxMessage), total, unread }
    },

    /** read / archived true stamps the time (kept if already set), false clears it. */
    async update(input: InboxUpdateInput): Promise<InboxMessage> {
      const now = clock.now().toISOString()
      const change: { read_at?: string | null; archived_at?: string | null } = {}
      const current = await findInboxState(db, input.id)
      if (!current) throw new NotFound(M.notFound)
      if (input.read !== undefined) change.read_at = input.read ? (current.read_at ?? now) : null
      if (input.archived !== undefined)
        change.archived_at = input.archived ? (current.archived_at ?? now) : null
      const row = await updateInboxMessage(db, input.id, change)
      if (!row) throw new NotFound(M.notFound)
      return toInboxMessage(row)
    },

    async remove(id: number): Promise<void> {
      if (!(await deleteContactMessage(db, id))) throw new NotFound(M.notFound)
    },

    /** Deletes the messages older than CONTACT_RETENTION_DAYS, as the privacy page promises. */
    async deleteExpired(): Promise<number> {
      const before = new Date(clock.now().getTime() - retentionDays * DAY).toISOString()
      const deleted = await deleteContactMessagesBefore(db, before)
      if (deleted > 0)
        logger.info('contact messages past retention deleted', { deleted, retentionDays })
      return deleted
    },
  }
}

export type ContactInboxService = ReturnType<typeof createContactInboxService>
