import {
  ACTIVITY_SUMMARY_MAX,
  type ActivityAdminsResponse,
  type ActivityListQuery,
  type ActivityListResponse,
  type ActivityNote,
} from '../../contracts/activity.ts'
import type { SessionUser } from '../../contracts/auth.ts'
import { insertAdminActivity, listActivityAdmins, listAdminActivity } from '../db/admin-activity.ts'
import type { Database } from '../db/dialect.ts'
import type { Clock } from '../shared/clock.ts'

export type ActivityService = ReturnType<typeof createActivityService>

/**
 * Who an entry names when no signed-in admin acted: `npm run restore` on the server. Its id is 0,
 * which no account has, so the log shows this name (and its admin filter does not offer it).
 */
export const COMMAND_LINE_ACTOR = { id: 0, displayName: 'Command line (npm run restore)' } as const

/**
 * The admin audit log. Endpoints record through their `audit` (server/api/define.ts) once the
 * change has succeeded; a tool whose change is one transaction (an import, a restore) passes its
 * `trx` so the entry lands with it.
 */
export function createActivityService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async record(
      admin: Pick<SessionUser, 'id' | 'displayName'>,
      note: ActivityNote,
      trx: Database = db,
    ): Promise<void> {
      await insertAdminActivity(trx, {
        at: clock.now().toISOString(),
        admin_id: admin.id,
        admin_name: admin.displayName,
        kind: note.kind,
        action: note.action,
        target_id: note.targetId === null ? null : String(note.targetId),
        summary: note.summary.slice(0, ACTIVITY_SUMMARY_MAX),
      })
    },

    async list(query: ActivityListQuery): Promise<ActivityListResponse> {
      const { page, limit } = query
      const { rows, total } = await listAdminActivity(
        db,
        { adminId: query.adminId, kind: query.kind },
        { offset: (page - 1) * limit, limit },
      )
      return {
        entries: rows.map((row) => ({
          id: row.id,
          at: row.at,
          adminId: row.admin_id,
          adminName: row.admin_name,
          kind: row.kind,
          action: row.action,
          targetId: row.target_id,
          summary: row.summary,
        })),
        pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
      }
    },

    async admins(): Promise<ActivityAdminsResponse> {
      return { admins: await listActivityAdmins(db) }
    },
  }
}
