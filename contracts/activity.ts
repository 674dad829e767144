import { z } from 'zod'
import {
  ACTIVITY_KINDS,
  ACTIVITY_LIMIT_MAX,
  ACTIVITY_MESSAGES,
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_SUMMARY_MAX,
  ACTIVITY_TITLE_MAX,
} from './activity-constants.ts'
import { PAGE_NUMBER_MAX, positiveId, wholeNumber } from './common.ts'

// The audit log's query and its summaries; its constants and types, which the dashboard reads
// without zod, are in activity-constants.ts.
export * from './activity-constants.ts'

/** An empty filter in the address (`kind=`) is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

export const ActivityListQuery = z.object({
  page: wholeNumber(1, PAGE_NUMBER_MAX),
  limit: wholeNumber(ACTIVITY_PAGE_SIZE, ACTIVITY_LIMIT_MAX, ACTIVITY_MESSAGES.limitTooLarge),
  adminId: optional(positiveId(ACTIVITY_MESSAGES.adminIdInvalid)),
  kind: optional(z.enum(ACTIVITY_KINDS, { error: ACTIVITY_MESSAGES.kindInvalid })),
})
export type ActivityListQuery = z.infer<typeof ActivityListQuery>

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`
}

/** `Updated post “Orion Nebula”: title, status`, bounded. */
export function activitySummary(
  verb: string,
  noun: string,
  title: string | null,
  fields: readonly string[] = [],
): string {
  const named = title === null ? noun : `${noun} “${clip(title, ACTIVITY_TITLE_MAX)}”`
  const changed = fields.length > 0 ? `: ${fields.join(', ')}` : ''
  return clip(`${verb} ${named}${changed}`, ACTIVITY_SUMMARY_MAX)
}

/** The fields an update sent (its id and anything secret left out). */
export function changedFields(input: object, skip: readonly string[] = ['id']): string[] {
  return Object.entries(input)
    .filter(([name, value]) => value !== undefined && !skip.includes(name))
    .map(([name]) => name)
}
