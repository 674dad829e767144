import {
  type Announcement,
  ANNOUNCEMENT_CONTENT_MAX_LENGTH,
  ANNOUNCEMENT_MESSAGES,
  type AnnouncementCreateInput,
  type AnnouncementListQuery,
  type AnnouncementListResponse,
  type AnnouncementUpdateInput,
} from '../../contracts/announcements.ts'
import {
  deleteAnnouncement,
  findAnnouncement,
  insertAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from '../db/announcements.ts'
import type { Database } from '../db/dialect.ts'
import type { AnnouncementRow } from '../db/schema.ts'
import { changesNothing } from '../shared/changes.ts'
import type { Clock } from '../shared/clock.ts'
import { NotFound } from '../shared/errors.ts'
import { requireContentHtml } from './html.ts'

const LIMIT = {
  max: ANNOUNCEMENT_CONTENT_MAX_LENGTH,
  message: ANNOUNCEMENT_MESSAGES.contentTooLong,
}

export function toAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/**
 * The creator's notes to members. Only members read them, so no visitor's page shows them and
 * nothing is announced to the page cache.
 */
export function createAnnouncementService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps
  return {
    async list(query: AnnouncementListQuery): Promise<AnnouncementListResponse> {
      const { page, limit } = query
      const { rows, total } = await listAnnouncements(db, { offset: (page - 1) * limit, limit })
      return {
        announcements: rows.map(toAnnouncement),
        pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
      }
    },

    /** The newest one, for the members page's card. */
    async latest(): Promise<Announcement | null> {
      const { rows } = await listAnnouncements(db, { offset: 0, limit: 1 })
      return rows[0] ? toAnnouncement(rows[0]) : null
    },

    async create(input: AnnouncementCreateInput): Promise<Announcement> {
      const content = requireContentHtml(input.content, LIMIT)
      const now = clock.now().toISOString()
      const row = await insertAnnouncement(db, {
        title: input.title,
        content,
        created_at: now,
        updated_at: now,
      })
      return toAnnouncement(row)
    },

    async update(input: AnnouncementUpdateInput): Promise<Announcement> {
      const existing = await findAnnouncement(db, input.id)
      if (!existing) throw new NotFound(ANNOUNCEMENT_MESSAGES.notFound)
      const changes = {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.content !== undefined && { content: requireContentHtml(input.content, LIMIT) }),
      }
      if (changesNothing(existing, changes)) return toAnnouncement(existing)
      const row = await updateAnnouncement(db, input.id, {
        ...changes,
        updated_at: clock.now().toISOString(),
      })
      if (!row) throw new NotFound(ANNOUNCEMENT_MESSAGES.notFound)
      return toAnnouncement(row)
    },

    async remove(id: number): Promise<void> {
      if (!(await deleteAnnouncement(db, id))) throw new NotFound(ANNOUNCEMENT_MESSAGES.notFound)
    },
  }
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>
