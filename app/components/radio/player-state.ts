import { RADIO_DEFAULT_VOLUME, RADIO_MESSAGES } from '../../../contracts/radio.ts'

/** The audio player's state (spec §3) and its transitions (§4), as a pure reducer. */
export interface PlayerState {
  isPlaying: boolean
  isLoading: boolean
  isMuted: boolean
  isStopped: boolean
  volume: number
  error: string | null
}

export const INITIAL_PLAYER_STATE: PlayerState = {
  isPlaying: false,
  isLoading: false,
  isMuted: false,
  isStopped: true,
  volume: RADIO_DEFAULT_VOLUME,
  error: null,
}

export type PlayerEvent =
  /** Audio element events. */
  | { type: 'play' }
  | { type: 'playing' }
  | { type: 'pause' }
  | { type: 'waiting' }
  | { type: 'stalled' }
  | { type: 'canplay' }
  | { type: 'error'; message?: string }
  /** The user's toggle: pauses when playing; otherwise (re)starts the stream. */
  | { type: 'toggle'; streamUrl: string | null }
  | { type: 'playRejected'; message?: string }
  | { type: 'stop' }
  | { type: 'volume'; value: number }
  | { type: 'mute' }

/** What the audio element must do after a transition: the reducer stays pure. */
export type PlayerEffect =
  | { kind: 'pause' }
  | { kind: 'load-and-play'; src: string }
  | { kind: 'stop' }
  | { kind: 'set-volume'; volume: number; muted: boolean }

export function playerReducer(
  state: PlayerState,
  event: PlayerEvent,
): { state: PlayerState; effect: PlayerEffect | null } {
  switch (event.type) {
    case 'play':
    case 'playing':
      return {
        state: { ...state, isPlaying: true, isLoading: false, isStopped: false, error: null },
        effect: null,
      }
    case 'pause':
      return { state: { ...state, isPlaying: false }, effect: null }
    case 'waiting':
    case 'stalled':
      return { state: { ...state, isLoading: true }, effect: null }
    case 'canplay':
      return { state: { ...state, isLoading: false }, effect: null }
    case 'error':
      return {
        state: {
          ...state,
          error: event.message || RADIO_MESSAGES.unknownPlayback,
          isStopped: true,
          isPlaying: false,
          isLoading: false,
        },
        effect: null,
      }
    case 'toggle':
      if (state.isPlaying) return { state, effect: { kind: 'pause' } }
      if (!event.streamUrl)
        return { state: { ...state, error: RADIO_MESSAGES.noStreamUrl }, effect: null }
      return {
        state: { ...state, isLoading: true, error: null },
        effect: { kind: 'load-and-play', src: event.streamUrl },
      }
    case 'playRejected':
      return {
        state: {
          ...state,
          error: event.message || RADIO_MESSAGES.playFailed,
          isStopped: true,
          isPlaying: false,
          isLoading: false,
        },
        effect: null,
      }
    case 'stop':
      return {
        state: { ...state, isPlaying: false, isLoading: false, isStopped: true },
        effect: { kind: 'stop' },
      }
    case 'volume': {
      const volume = Math.min(1, Math.max(0, Number.isFinite(event.value) ? event.value : 0))
      const isMuted = volume > 0 ? false : state.isMuted
      return {
        state: { ...state, volume, isMuted },
        effect: { kind: 'set-volume', volume, muted: isMuted },
      }
    }
    case 'mute': {
      const isMuted = !state.isMuted
      return {
        state: { ...state, isMuted },
        effect: { kind: 'set-volume', volume: state.volume, muted: isMuted },
      }
    }
  }
}

export type DisplayState = 'stopped' | 'playing' | 'paused' | 'loading'

export function displayState(state: PlayerState): DisplayState {
  if (state.isLoading) return 'loading'
  if (state.isStopped) return 'stopped'
  return state.isPlaying ? 'playing' : 'paused'
}

/** Spec: controls are disabled while now-playing data loads, has failed, or the player loads. */
export function controlsDisabled(
  state: PlayerState,
  nowPlaying: { isLoading: boolean; isError: boolean },
): boolean {
  return nowPlaying.isLoading || nowPlaying.isError || state.isLoading
}

/** The texts the mini player shows for a song, with the spec's empty-data fallbacks. */
export function trackTexts(song: { title: string; artist: string } | null | undefined): {
  title: string
  artist: string
} {
  const title = song?.title?.trim()
  if (!title) return { title: RADIO_MESSAGES.defaultTitle, artist: RADIO_MESSAGES.noTrack }
  return { title, artist: song?.artist?.trim() || RADIO_MESSAGES.unknownArtist }
}
