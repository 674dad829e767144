import { createContext, lazy, type ReactNode, Suspense, use, useState } from 'react'
import type { PlayerEvent, PlayerState } from './player-state.ts'
import type * as PlayerModuleType from './radio-player.tsx'

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

type PlayerModule = typeof PlayerModuleType
let loadedPlayer: PlayerModule | undefined
const loadPlayer = () => import('./radio-player.tsx').then((m) => (loadedPlayer = m))
// The server loads it with this module, so that even its first page has the player in place.
if (import.meta.env.SSR) void loadPlayer()

/**
 * The player and its mini player are a chunk of their own: the server renders them in place, and
 * the browser hydrates them once that chunk has come, after the page itself (a click on them
 * meanwhile is replayed by React). A page's first load stays free of the player (ADR 010).
 * A module already loaded is handed over at once (React.lazy takes any thenable): a promise
 * would suspend the render until the next tick, and the server would send the player late.
 */
const RadioPlayer = lazy(() =>
  loadedPlayer ? (settledNow(loadedPlayer) as Promise<PlayerModule>) : loadPlayer(),
)

/** A thenable that calls back at once; the types ask for a Promise, React needs only `then`. */
function settledNow<T>(value: T): PromiseLike<T> {
  return { then: (resolve) => resolve!(value) as never }
}

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
