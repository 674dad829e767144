import { CONTENT_MESSAGES } from '../../contracts/blog.ts'
import type { Faq, FaqListQuery, FaqListResponse } from '../../contracts/faqs.ts'
import type { Database } from '../db/dialect.ts'
import { deleteFaq, findFaq, insertFaq, listFaqs, nextFaqPosition, updateFaq } from '../db/faqs.ts'
import type { FaqRow } from '../db/schema.ts'
import type { Clock } from '../shared/clock.ts'
import type { ContentEvents } from '../shared/content-events.ts'
import { changesNothing } from '../shared/changes.ts'
import { CONTENT_LIMITS, sanitizeContentHtml } from './html.ts'
import { NotFound } from '../shared/errors.ts'

export function toFaq(row: FaqRow): Faq {
  return { id: row.id, title: row.title, content: row.content, lastUpdated: row.last_updated }
}

export function createFaqService(deps: { db: Database; clock: Clock; events: ContentEvents }) {
  const { db, clock, events } = deps
  return {
    async list(query: FaqListQuery): Promise<FaqListResponse> {
      const { page, limit } = query
      const { rows, total } = await listFaqs(db, { offset: (page - 1) * limit, limit })
      return {
        faqs: rows.map(toFaq),
        pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
      }
    },
    async create(input: { title: string; content: string }): Promise<Faq> {
      const now = clock.now().toISOString()
      const row = await insertFaq(db, {
        title: input.title,
        content: sanitizeContentHtml(input.content, CONTENT_LIMITS.answer),
        position: await nextFaqPosition(db),
        last_updated: now,
        created_at: now,
      })
      events.changed('faqs')
      return toFaq(row)
    },
    async update(input: { id: number; title?: string; content?: string }): Promise<Faq> {
      const existing = await findFaq(db, input.id)
      if (!existing) throw new NotFound(CONTENT_MESSAGES.faqNotFound)
      const changes = {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.content !== undefined && {
          content: sanitizeContentHtml(input.content, CONTENT_LIMITS.answer),
        }),
      }
      if (changesNothing(existing, changes)) return toFaq(existing)
      const row = await updateFaq(db, input.id, {
        ...changes,
        last_updated: clock.now().toISOString(),
      })
      if (!row) throw new NotFound(CONTENT_MESSAGES.faqNotFound)
      events.changed('faqs')
      return toFaq(row)
    },
    async remove(id: number): Promise<void> {
      if (!(await deleteFaq(db, id))) throw new NotFound(CONTENT_MESSAGES.faqNotFound)
      events.changed('faqs')
    },
  }
}
