import { z } from 'zod'
import { APOD_ITEM_COUNT, type SpacePicture } from '../../contracts/sky.ts'
import type { UpstreamBudget } from './upstream-budget.ts'
import { UpstreamError, fetchJson } from './upstream-fetch.ts'

/**
 * NASA's Astronomy Picture of the Day through api.nasa.gov: one start_date/end_date range call
 * returns the latest days at once. The range is a little longer than the 12 pictures shown
 * because the service silently drops days it cannot parse, and interactive ("other") days have
 * no picture.
 */
export const APOD_PATH = '/planetary/apod'
export const APOD_RANGE_DAYS = 16
const DAY_MS = 24 * 60 * 60 * 1000

export interface ApodSettings {
  baseUrl: string
  apiKey: string
  /** Where a day's page lives: {pageUrl}/apYYMMDD.html. */
  pageUrl: string
  budget: UpstreamBudget
}

const ApodEntry = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  title: z.string().trim().min(1),
  explanation: z.string().default(''),
  media_type: z.string(),
  url: z.string().optional(),
  hdurl: z.string().optional(),
  thumbnail_url: z.string().optional(),
  copyright: z.string().optional(),
})
type ApodEntry = z.infer<typeof ApodEntry>

/** The APOD day turns over at midnight US Eastern; asking for a later day is an error upstream. */
export function apodToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

export function apodRangeUrl(settings: Omit<ApodSettings, 'budget'>, now: Date): string {
  const end = apodToday(now)
  const url = new URL(`${settings.baseUrl}${APOD_PATH}`)
  url.searchParams.set('api_key', settings.apiKey)
  url.searchParams.set('start_date', addDays(end, -(APOD_RANGE_DAYS - 1)))
  url.searchParams.set('end_date', end)
  url.searchParams.set('thumbs', 'true')
  return url.toString()
}

/** Image URLs are shown on an https page: plain http ones are asked for over https. */
function httpsUrl(raw: string | undefined): string | null {
  if (!raw) return null
  try {
    const url = new URL(raw)
    if (url.protocol === 'http:') url.protocol = 'https:'
    return url.protocol === 'https:' ? url.toString() : null
  } catch {
    return null
  }
}

function youtubeThumbnail(embedUrl: string | undefined): string | null {
  const id = embedUrl && /youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,})/.exec(embedUrl)?.[1]
  return id ? `https://img.youtube.com/vi/${id}/0.jpg` : null
}

function imageOf(entry: ApodEntry): string | null {
  if (entry.media_type === 'image') return httpsUrl(entry.url) ?? httpsUrl(entry.hdurl)
  if (entry.media_type === 'video')
    return httpsUrl(entry.thumbnail_url) ?? youtubeThumbnail(entry.url)
  return null
}

export function toSpacePicture(entry: ApodEntry, pageUrl: string): SpacePicture | null {
  const imageUrl = imageOf(entry)
  if (!imageUrl) return null
  const [y, m, d] = entry.date.split('-')
  const copyright = entry.copyright?.replace(/\s+/g, ' ').trim()
  return {
    title: entry.title.replace(/\s+/g, ' '),
    imageUrl,
    link: `${pageUrl.replace(/\/$/, '')}/ap${y!.slice(2)}${m}${d}.html`,
    publishedDate: entry.date,
    description: entry.explanation.trim(),
    ...(copyright ? { copyright } : {}),
  }
}

/** Newest first, one per day, at most 12; entries that do not validate are left out. */
export function parseApodRange(data: unknown, pageUrl: string): SpacePicture[] {
  if (!Array.isArray(data)) throw new UpstreamError('APOD range answer is not a list')
  const byDate = new Map<string, SpacePicture>()
  for (const raw of data) {
    const entry = ApodEntry.safeParse(raw)
    if (!entry.success) continue
    const picture = toSpacePicture(entry.data, pageUrl)
    if (picture) byDate.set(picture.publishedDate, picture)
  }
  if (data.length > 0 && byDate.size === 0) throw new UpstreamError('no valid APOD entries')
  return [...byDate.values()]
    .sort((a, b) => b.publishedDate.localeCompare(a.publishedDate))
    .slice(0, APOD_ITEM_COUNT)
}

export async function getApodRecent(
  settings: ApodSettings,
  now: Date,
  signal: AbortSignal,
): Promise<SpacePicture[]> {
  return parseApodRange(
    await fetchJson(apodRangeUrl(settings, now), { budget: settings.budget, signal }),
    settings.pageUrl,
  )
}
