import { describe, expect, it } from 'vitest'
import { RADIO_MESSAGES } from '../../../contracts/radio.ts'
import {
  controlsDisabled,
  displayState,
  INITIAL_PLAYER_STATE as S0,
  type PlayerState,
  playerReducer,
  trackTexts,
} from './player-state.ts'
import { WAITING_STATE } from './radio-store.ts'

const run = (state: PlayerState, ...events: Parameters<typeof playerReducer>[1][]) =>
  events.reduce((s, e) => playerReducer(s, e).state, state)

describe('player reducer (spec §4)', () => {
  it('starts stopped, not playing, at volume 0.75', () => {
    expect(S0).toEqual({
      isPlaying: false,
      isLoading: false,
      isMuted: false,
      isStopped: true,
      volume: 0.75,
      error: null,
    })
    expect(displayState(S0)).toBe('stopped')
  })

  it('the state shown until the player has loaded is the initial state', () => {
    expect(WAITING_STATE).toEqual(S0)
  })

  it('play and playing set playing and clear loading, stopped and error', () => {
    for (const type of ['play', 'playing'] as const) {
      const s = playerReducer({ ...S0, isLoading: true, error: 'x' }, { type }).state
      expect(s).toMatchObject({ isPlaying: true, isLoading: false, isStopped: false, error: null })
    }
  })

  it('pause sets not playing (paused, not stopped)', () => {
    const s = run(S0, { type: 'playing' }, { type: 'pause' })
    expect(s.isPlaying).toBe(false)
    expect(displayState(s)).toBe('paused')
  })

  it('waiting and stalled set loading; canplay clears it', () => {
    expect(run(S0, { type: 'waiting' }).isLoading).toBe(true)
    expect(run(S0, { type: 'stalled' }).isLoading).toBe(true)
    expect(run(S0, { type: 'stalled' }, { type: 'canplay' }).isLoading).toBe(false)
    expect(displayState(run(S0, { type: 'waiting' }))).toBe('loading')
  })

  it('an error records the message and stops', () => {
    const s = run(S0, { type: 'playing' }, { type: 'error', message: 'network' })
    expect(s).toMatchObject({ error: 'network', isStopped: true, isPlaying: false })
    expect(run(S0, { type: 'error' }).error).toBe(RADIO_MESSAGES.unknownPlayback)
  })

  it('toggle while playing pauses the element', () => {
    const playing = run(S0, { type: 'playing' })
    expect(playerReducer(playing, { type: 'toggle', streamUrl: 'https://x/s' }).effect).toEqual({
      kind: 'pause',
    })
  })

  it('toggle while paused or stopped sets the source, loading, and plays', () => {
    const r = playerReducer(S0, { type: 'toggle', streamUrl: 'https://radio/stream.mp3' })
    expect(r.state.isLoading).toBe(true)
    expect(r.effect).toEqual({ kind: 'load-and-play', src: 'https://radio/stream.mp3' })
  })

  it('toggle without a stream URL explains it', () => {
    const r = playerReducer(S0, { type: 'toggle', streamUrl: null })
    expect(r.state.error).toBe(RADIO_MESSAGES.noStreamUrl)
    expect(r.effect).toBeNull()
  })

  it('a rejected play records the error and stops', () => {
    const s = run(S0, { type: 'toggle', streamUrl: 'u' }, { type: 'playRejected' })
    expect(s).toMatchObject({ error: RADIO_MESSAGES.playFailed, isStopped: true, isLoading: false })
  })

  it('stop pauses, empties the source and sets stopped', () => {
    const r = playerReducer(run(S0, { type: 'playing' }), { type: 'stop' })
    expect(r.state).toMatchObject({ isPlaying: false, isStopped: true })
    expect(r.effect).toEqual({ kind: 'stop' })
  })

  it('volume is clamped to 0–1 and raising it above 0 unmutes', () => {
    expect(run(S0, { type: 'volume', value: 3 }).volume).toBe(1)
    expect(run(S0, { type: 'volume', value: -1 }).volume).toBe(0)
    expect(run(S0, { type: 'volume', value: Number.NaN }).volume).toBe(0)
    const muted = run(S0, { type: 'mute' })
    expect(muted.isMuted).toBe(true)
    expect(run(muted, { type: 'volume', value: 0 }).isMuted).toBe(true)
    expect(run(muted, { type: 'volume', value: 0.4 }).isMuted).toBe(false)
  })

  it('mute toggles', () => {
    expect(run(S0, { type: 'mute' }, { type: 'mute' }).isMuted).toBe(false)
  })
})

describe('disabled rule and texts', () => {
  it('controls are disabled while now playing loads or failed, or the player loads', () => {
    expect(controlsDisabled(S0, { isLoading: true, isError: false })).toBe(true)
    expect(controlsDisabled(S0, { isLoading: false, isError: true })).toBe(true)
    expect(controlsDisabled({ ...S0, isLoading: true }, { isLoading: false, isError: false })).toBe(
      true,
    )
    expect(controlsDisabled(S0, { isLoading: false, isError: false })).toBe(false)
  })

  it('shows the spec fallbacks for empty data', () => {
    expect(trackTexts(null)).toEqual({ title: 'Live Cosmic Radio', artist: 'No track playing' })
    expect(trackTexts({ title: 'Orbital Dawn', artist: '' })).toEqual({
      title: 'Orbital Dawn',
      artist: 'Unknown Artist',
    })
    expect(trackTexts({ title: 'Orbital Dawn', artist: 'Lumen Drift' })).toEqual({
      title: 'Orbital Dawn',
      artist: 'Lumen Drift',
    })
  })
})
