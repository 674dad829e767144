import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { DEFAULT_ARTWORK } from '../../../contracts/radio.ts'
import {
  INITIAL_PLAYER_STATE,
  type PlayerEffect,
  type PlayerEvent,
  playerReducer,
  trackTexts,
} from './player-state.ts'
import { RadioMiniPlayer } from './radio-mini-player.tsx'
import { RadioContext, shareRadio } from './radio-store.ts'
import { useNowPlaying, useStation } from './radio-queries.ts'

const AUDIO_EVENTS = ['play', 'playing', 'pause', 'waiting', 'stalled', 'canplay', 'error'] as const

/** What the reducer asked of the audio element, done. */
function applyEffect(
  audio: HTMLAudioElement,
  effect: PlayerEffect | null,
  send: (event: PlayerEvent) => void,
) {
  switch (effect?.kind) {
    case 'pause':
      audio.pause()
      break
    case 'load-and-play':
      // A live stream resumes at "now": the source is set afresh each time.
      audio.src = effect.src
      audio.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return
        send({ type: 'playRejected', message: error instanceof Error ? error.message : undefined })
      })
      break
    case 'stop':
      audio.pause()
      audio.removeAttribute('src')
      audio.load()
      break
    case 'set-volume':
      audio.volume = effect.volume
      audio.muted = effect.muted
      break
  }
}

/**
 * The player: owns the one <audio> element of the site and shows the mini player. SiteRadio
 * renders it outside the route outlet, so client-side navigation never restarts the stream. The
 * reducer decides; this applies its effects to the element. It is its own chunk, hydrated after
 * the page (see SiteRadio), and tells the rest of the site (/music) its state (./radio-store.ts).
 */
export default function RadioPlayer() {
  const audioRef = useRef<HTMLAudioElement>(null)
  const [state, setState] = useState(INITIAL_PLAYER_STATE)
  const stateRef = useRef(state)
  const station = useStation()
  const nowPlaying = useNowPlaying()

  const send = useCallback(function send(event: PlayerEvent) {
    const { state: next, effect } = playerReducer(stateRef.current, event)
    stateRef.current = next
    setState(next)
    // A rejected play() comes back through the same reducer.
    if (audioRef.current) applyEffect(audioRef.current, effect, send)
  }, [])

  const streamUrl = station.data?.listen_url || null
  const toggle = useCallback(() => send({ type: 'toggle', streamUrl }), [send, streamUrl])

  useEffect(() => {
    const audio = audioRef.current
    if (!audio) return
    audio.volume = stateRef.current.volume
    const off = AUDIO_EVENTS.map((type) => {
      const handler = () => {
        // An element emptied by Stop reports an error for the missing source: not a failure.
        if (type === 'error' && (stateRef.current.isStopped || !audio.getAttribute('src'))) return
        send(type === 'error' ? { type, message: audio.error?.message || undefined } : { type })
      }
      audio.addEventListener(type, handler)
      return () => audio.removeEventListener(type, handler)
    })
    return () => off.forEach((f) => f())
  }, [send])

  // The lock screen and notification show the song and control the player (Media Session).
  const song = nowPlaying.data?.nowPlaying.song
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return
    const { title, artist } = trackTexts(song)
    navigator.mediaSession.metadata = new MediaMetadata({
      title,
      artist,
      album: song?.album || undefined,
      artwork: [{ src: song?.art || DEFAULT_ARTWORK, sizes: '512x512' }],
    })
    navigator.mediaSession.setActionHandler('play', () => {
      if (!stateRef.current.isPlaying) toggle()
    })
    navigator.mediaSession.setActionHandler('pause', () => {
      if (stateRef.current.isPlaying) toggle()
    })
    navigator.mediaSession.setActionHandler('stop', () => send({ type: 'stop' }))
  }, [song, toggle, send])

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return
    navigator.mediaSession.playbackState = state.isPlaying
      ? 'playing'
      : state.isStopped
        ? 'none'
        : 'paused'
  }, [state.isPlaying, state.isStopped])

  const value = useMemo(() => ({ state, send, toggle, ready: true }), [state, send, toggle])
  useEffect(() => shareRadio(value), [value])

  return (
    <RadioContext value={value}>
      <RadioMiniPlayer />
      <audio ref={audioRef} preload="none" data-testid="radio-audio" />
    </RadioContext>
  )
}
