/**
 * The radio's wire shapes (spec §3) and constants (§9). Sent with superjson, so dates stay Dates.
 * No schemas here: the mini player is on every page and must stay light.
 */
export const RADIO_MESSAGES = {
  stationFailed: 'Failed to fetch station data.',
  nowPlayingFailed: 'Failed to fetch now playing data.',
  noStreamUrl: 'Stream URL not available. Please wait for station data to load.',
  unknownPlayback: 'An unknown playback error occurred.',
  playFailed: 'Failed to start playback.',
  stationInfoFailed: 'Failed to load station info.',
  unavailable: 'Radio unavailable',
  trackError: 'Error loading track / Unable to fetch track info',
  defaultTitle: 'Live Cosmic Radio',
  noTrack: 'No track playing',
  unknownArtist: 'Unknown Artist',
  historyEmpty: 'Song history is not available yet.',
  statsFailed: 'Could not load station stats.',
  historyFailed: 'Could not load song history.',
  notSetUp: 'The radio is not set up on this site.',
  notSetUpDetail: 'There is no station to listen to here yet. Everything else on the site works.',
} as const

export const RADIO_DEFAULT_VOLUME = 0.75
/** Spec §9: polled every 15 s, stale after 10 s; the station is stale after 5 minutes. */
export const NOW_PLAYING_REFETCH_MS = 15_000
export const NOW_PLAYING_STALE_MS = 10_000
export const STATION_STALE_MS = 5 * 60 * 1000
/** Recently Played shows history entries 2 to 6: the current song is entry 1. */
export const HISTORY_SHOWN = 5
export const DEFAULT_ARTWORK = '/images/radio-default-art.svg'
/** Mini player lift over the footer (spec §2). */
export const FOOTER_LIFT_PX = 95
export const FOOTER_MARGIN_SMALL_PX = 16
export const FOOTER_MARGIN_LARGE_PX = 24
export const SMALL_SCREEN_MAX_PX = 768

export interface RadioSong {
  title: string
  artist: string
  album: string
  art: string | null
}

export interface RadioStation {
  name: string
  description: string
  listen_url: string
}

export interface RadioHistoryEntry {
  shId: number
  song: RadioSong
  playedAt: Date | null
}

export interface RadioNowPlaying {
  station: { name: string }
  nowPlaying: { song: RadioSong; playedAt: Date | null; duration: number }
  /** Newest first; entry 1 is the song playing now. */
  songHistory: RadioHistoryEntry[]
  listeners: { current: number }
  live: { isLive: boolean; streamerName: string | null }
  isOnline: boolean
  /** When the server last heard from the station. */
  fetchedAt: Date
}

/** superjson's wire form: `{json, meta}`. */
export interface SuperJsonResult {
  json: unknown
  meta?: unknown
}
