import type { SkyEvent, SkyEventKind } from '../../contracts/sky-events.ts'

export const HOUR_MS = 60 * 60 * 1000
export const DAY_MS = 24 * HOUR_MS

export interface Range {
  from: Date
  to: Date
}

export const inRange = (t: Date, { from, to }: Range) =>
  t.getTime() >= from.getTime() && t.getTime() <= to.getTime()

/** The UTC calendar date of an instant, as ids and all-day events use it. */
export const utcDay = (t: Date) => t.toISOString().slice(0, 10)

export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

export const percent = (fraction: number) => `${Math.round(fraction * 100)}%`

/** A UTC time as explanations write it: "14:05 UTC". */
export const utcClock = (t: Date) => `${t.toISOString().slice(11, 16)} UTC`

export function skyEvent(
  kind: SkyEventKind,
  id: string,
  fields: Omit<SkyEvent, 'id' | 'kind' | 'start' | 'end' | 'visibility' | 'url'> & {
    start: Date
    end?: Date | null
  },
): SkyEvent {
  return {
    ...fields,
    id,
    kind,
    start: fields.start.toISOString(),
    end: fields.end ? fields.end.toISOString() : null,
    visibility: null,
    url: null,
  }
}
