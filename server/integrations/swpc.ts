import { z } from 'zod'
import { G_SCALES, type GScale, KP_MAX } from '../../contracts/sky.ts'
import { type UpstreamCall, UpstreamError, fetchJson } from './upstream-fetch.ts'

/**
 * NOAA SWPC planetary K index: the observed product and the forecast product (which also carries
 * the recent observed and the current estimated blocks). Both formats are read: the array of
 * objects SWPC serves since 2026-03-31 and the older array of string arrays with a header row.
 */
export const KP_OBSERVED_PATH = '/products/noaa-planetary-k-index.json'
export const KP_FORECAST_PATH = '/products/noaa-planetary-k-index-forecast.json'

export interface KpRow {
  /** Start of the 3-hour block, ISO-8601 UTC. */
  time: string
  kp: number
}

export interface KpForecastRow extends KpRow {
  observed: 'observed' | 'estimated' | 'predicted'
  noaaScale: GScale | null
}

/** SWPC time tags carry no offset and are UTC: "2026-06-18T21:00:00" or legacy "2026-03-20 00:00:00.000". */
export function swpcTime(tag: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
    tag.trim(),
  )
  if (!m) return null
  const ms = Date.parse(`${m[1]}T${m[2]}${m[3] ?? ':00'}${m[5] ?? 'Z'}`)
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}

const TimeTag = z.string().transform((tag, ctx) => {
  const iso = swpcTime(tag)
  if (!iso) {
    ctx.addIssue({ code: 'custom', message: `bad time_tag ${tag}` })
    return z.NEVER
  }
  return iso
})

// Legacy rows hold numbers as strings; fill values such as -9999 fall outside 0–9 and are refused.
const KpValue = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .pipe(z.number().min(0).max(KP_MAX))

const ObservedRow = z.object({ time_tag: TimeTag, kp: KpValue })
const ForecastRow = z.object({
  time_tag: TimeTag,
  kp: KpValue,
  observed: z.enum(['observed', 'estimated', 'predicted']),
  noaa_scale: z.enum(G_SCALES).nullish().catch(null),
})

const Rows = z.array(z.record(z.string(), z.unknown())).min(1)

/** Both formats as one list of objects with lower-case keys (the observed product says `Kp`). */
function rowsOf(data: unknown): Array<Record<string, unknown>> {
  let objects: unknown = data
  if (Array.isArray(data) && Array.isArray(data[0])) {
    const [header, ...rows] = data as unknown[][]
    if (!header?.every((h) => typeof h === 'string'))
      throw new UpstreamError('legacy table without a header row')
    objects = rows.map((row) =>
      Array.isArray(row) ? Object.fromEntries(header.map((h, i) => [h, row[i]])) : row,
    )
  }
  const parsed = Rows.safeParse(objects)
  if (!parsed.success) throw new UpstreamError('unexpected Kp payload')
  return parsed.data.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k.toLowerCase(), v])),
  )
}

function validRows<S extends z.ZodType>(rows: Array<Record<string, unknown>>, schema: S) {
  const out: Array<z.output<S>> = []
  for (const row of rows) {
    const parsed = schema.safeParse(row)
    if (parsed.success) out.push(parsed.data)
  }
  if (out.length === 0) throw new UpstreamError('no valid Kp rows')
  return out
}

const byTime = (a: KpRow, b: KpRow) => a.time.localeCompare(b.time)

export function parseKpObserved(data: unknown): KpRow[] {
  return validRows(rowsOf(data), ObservedRow)
    .map((r) => ({ time: r.time_tag, kp: r.kp }))
    .sort(byTime)
}

export function parseKpForecast(data: unknown): KpForecastRow[] {
  return validRows(rowsOf(data), ForecastRow)
    .map((r) => ({
      time: r.time_tag,
      kp: r.kp,
      observed: r.observed,
      noaaScale: r.noaa_scale ?? null,
    }))
    .sort(byTime)
}

export async function getKpObserved(baseUrl: string, call: UpstreamCall): Promise<KpRow[]> {
  return parseKpObserved(await fetchJson(`${baseUrl}${KP_OBSERVED_PATH}`, call))
}

export async function getKpForecast(baseUrl: string, call: UpstreamCall): Promise<KpForecastRow[]> {
  return parseKpForecast(await fetchJson(`${baseUrl}${KP_FORECAST_PATH}`, call))
}
