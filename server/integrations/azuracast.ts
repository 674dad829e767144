import { z } from 'zod'
import type { RadioNowPlaying, RadioSong, RadioStation } from '../../contracts/radio.ts'
import type { UpstreamBudget } from './upstream-budget.ts'
import { fetchJson, parseWith } from './upstream-fetch.ts'

/**
 * AzuraCast's public API: `GET /api/nowplaying/{station}` and `GET /api/station/{station}`
 * (the station by shortcode or id), read into the spec's radio shapes.
 */
export interface AzuracastSettings {
  baseUrl: string
  station: string
  budget: UpstreamBudget
}

const Song = z
  .object({
    title: z.string().nullish(),
    artist: z.string().nullish(),
    album: z.string().nullish(),
    text: z.string().nullish(),
    art: z.string().nullish(),
  })
  .loose()

const Mount = z.object({ url: z.string(), is_default: z.boolean().optional() }).loose()

const Station = z
  .object({
    name: z.string(),
    description: z.string().nullish(),
    listen_url: z.string().nullish(),
    mounts: z.array(Mount).default([]),
  })
  .loose()

const Entry = z
  .object({
    sh_id: z.number(),
    played_at: z.number().nullish(),
    duration: z.number().nullish(),
    song: Song,
  })
  .loose()

const NowPlaying = z
  .object({
    station: Station,
    listeners: z.object({ current: z.number().nullish(), total: z.number().nullish() }).loose(),
    live: z
      .object({ is_live: z.boolean(), streamer_name: z.string().nullish() })
      .loose()
      .optional(),
    now_playing: Entry.nullable(),
    song_history: z.array(Entry).default([]),
    is_online: z.boolean().default(true),
  })
  .loose()

function url(settings: AzuracastSettings, path: string): string {
  return `${settings.baseUrl.replace(/\/$/, '')}/api/${path}/${encodeURIComponent(settings.station)}`
}

function song(raw: z.infer<typeof Song>): RadioSong {
  let title = raw.title?.trim() ?? ''
  let artist = raw.artist?.trim() ?? ''
  // A live DJ's encoder often sends only "Artist - Title".
  if (!title && raw.text) {
    const [a, ...rest] = raw.text.split(' - ')
    if (rest.length) {
      artist ||= a!.trim()
      title = rest.join(' - ').trim()
    } else title = raw.text.trim()
  }
  return { title, artist, album: raw.album?.trim() ?? '', art: https(raw.art) }
}

/** Only https URLs reach an https page. */
function https(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const u = new URL(value)
    return u.protocol === 'https:' ? u.toString() : null
  } catch {
    return null
  }
}

const time = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)

/** The HTTPS mount when the station has one (a page on https cannot play an http stream). */
export function stationFrom(raw: z.infer<typeof Station>): RadioStation {
  const candidates = [
    raw.listen_url ?? '',
    ...raw.mounts.filter((m) => m.is_default).map((m) => m.url),
    ...raw.mounts.map((m) => m.url),
  ].filter(Boolean)
  const listen = candidates.find((c) => c.startsWith('https://')) ?? candidates[0] ?? ''
  return { name: raw.name, description: raw.description ?? '', listen_url: listen }
}

export async function getAzuracastStation(
  settings: AzuracastSettings,
  signal: AbortSignal,
): Promise<RadioStation> {
  return stationFrom(
    parseWith(
      Station,
      await fetchJson(url(settings, 'station'), { budget: settings.budget, signal }),
    ),
  )
}

export async function getAzuracastNowPlaying(
  settings: AzuracastSettings,
  signal: AbortSignal,
  now: Date,
): Promise<RadioNowPlaying> {
  const np = parseWith(
    NowPlaying,
    await fetchJson(url(settings, 'nowplaying'), { budget: settings.budget, signal }),
  )
  const current = np.now_playing
  const currentSong: RadioSong = current
    ? song(current.song)
    : { title: '', artist: '', album: '', art: null }
  const entries = [
    ...(current && current.sh_id ? [current] : []),
    ...np.song_history.filter((e) => e.sh_id !== current?.sh_id),
  ]
  return {
    station: { name: np.station.name },
    nowPlaying: {
      song: np.is_online ? currentSong : { ...currentSong, title: '', artist: '' },
      playedAt: time(current?.played_at),
      duration: current?.duration ?? 0,
    },
    songHistory: entries.map((e) => ({
      shId: e.sh_id,
      song: song(e.song),
      playedAt: time(e.played_at),
    })),
    listeners: { current: np.listeners.current ?? np.listeners.total ?? 0 },
    live: {
      isLive: np.live?.is_live ?? false,
      streamerName: np.live?.is_live ? np.live.streamer_name?.trim() || null : null,
    },
    isOnline: np.is_online,
    fetchedAt: now,
  }
}
