import { z } from 'zod'
import {
  SKY_EVENT_KINDS,
  SKY_EVENT_MESSAGES as M,
  SKY_EVENTS_MAX_DAYS,
  type SkyEventKind,
} from './sky-events.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** A date (the whole UTC day: its start for `from`, its end for `to`) or an ISO date-time. */
function instant(edge: 'start' | 'end') {
  return z
    .string({ error: M.badDate })
    .trim()
    .refine(
      (v) =>
        // A date must be a real day: 2026-02-30 would otherwise roll over into March, and
        // 2026-13-01 parses to no date at all.
        !Number.isNaN(Date.parse(v)) &&
        (DATE_ONLY.test(v)
          ? new Date(v).toISOString().slice(0, 10) === v
          : z.iso.datetime({ offset: true }).safeParse(v).success) &&
        new Date(v).getUTCFullYear() >= 1900 &&
        new Date(v).getUTCFullYear() <= 2200,
      { error: M.badDate },
    )
    .transform((v) =>
      DATE_ONLY.test(v) && edge === 'end'
        ? new Date(Date.parse(v) + DAY_MS - 1).toISOString()
        : new Date(v).toISOString(),
    )
}

/** "moon-phase,season" (or the parameter repeated, as a form's checkboxes send it). */
const kindList = z
  .union([z.string(), z.array(z.string())], { error: M.unknownKind })
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((part) => part.split(','))
      .map((k) => k.trim())
      .filter(Boolean),
  )
  .refine((kinds) => kinds.every((k) => (SKY_EVENT_KINDS as readonly string[]).includes(k)), {
    error: M.unknownKind,
  })
  .transform((kinds) => [...new Set(kinds)] as SkyEventKind[])

const coordinate = (limit: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[-+]?\d{1,3}(\.\d+)?$/, { error: message })
    .transform(Number)
    .refine((n) => Math.abs(n) <= limit, { error: message })

/**
 * GET /_api/sky/events and /sky-calendar.ics: `from`/`to` default to today and a year on, at most
 * 400 days apart; `kinds` defaults to every kind; `lat` and `lon` go together.
 */
export const SkyEventsQuery = z
  .object({
    from: instant('start').optional(),
    to: instant('end').optional(),
    kinds: kindList.optional(),
    lat: coordinate(90, M.latitude).optional(),
    lon: coordinate(180, M.longitude).optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.lat === undefined) !== (q.lon === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [q.lat === undefined ? 'lat' : 'lon'],
        message: M.placePair,
      })
    }
    if (q.from && q.to) {
      const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS
      if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: M.order })
      else if (days > SKY_EVENTS_MAX_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: M.tooLong })
      }
    }
  })
export type SkyEventsQuery = z.output<typeof SkyEventsQuery>
