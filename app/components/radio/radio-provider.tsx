import { createContext, lazy, type ReactNode, Suspense, use, useState } from 'react'
import type { PlayerEvent, PlayerState } from './player-state.ts'

export interface RadioContextValue {
  state: PlayerState
  send: (event: PlayerEvent) => void
  /** Starts or pauses the stream of the station. */
  toggle: () => void
  /** False until the player has loaded: controls elsewhere (/music) wait for it. */
  ready: boolean
}

/**
 * INITIAL_PLAYER_STATE, without loading the reducer's module or the radio's contract (its
 * messages) with the page: the volume is RADIO_DEFAULT_VOLUME (a test keeps the two the same).
 */
export const WAITING_STATE: PlayerState = {
  isPlaying: false,
  isLoading: false,
  isMuted: false,
  isStopped: true,
  volume: 0.75,
  error: null,
}

const WAITING: RadioContextValue = {
  state: WAITING_STATE,
  send: () => {},
  toggle: () => {},
  ready: false,
}

export const RadioContext = createContext<RadioContextValue>(WAITING)

export function useRadio(): RadioContextValue {
  return use(RadioContext)
}

/**
 * The player and its mini player are a chunk of their own: the server renders them in place, and
 * the browser hydrates them once that chunk has come, after the page itself (a click on them
 * meanwhile is replayed by React). A page's first load stays free of the player (ADR 010).
 */
const RadioPlayer = lazy(() => import('./radio-player.tsx'))

/**
 * Gives the whole site the player's state; the player itself sits after `children`. A site
 * without a station (`configured` false) has no player: nothing is shown and nothing fetched.
 */
export function RadioProvider({
  configured,
  children,
}: {
  configured: boolean
  children: ReactNode
}) {
  const [value, setValue] = useState(WAITING)
  return (
    <RadioContext value={value}>
      {children}
      {configured && (
        <Suspense fallback={null}>
          <RadioPlayer onChange={setValue} />
        </Suspense>
      )}
    </RadioContext>
  )
}
