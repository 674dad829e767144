import { createContext, use, useSyncExternalStore } from 'react'
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

/** The player's own value, for what it renders itself (the mini player): null elsewhere. */
export const RadioContext = createContext<RadioContextValue | null>(null)

/**
 * The player's state for the rest of the site (/music's controls), kept in this module, not in a
 * context around the site. A context whose value changes reaches every part of the page still
 * waiting for its chunk to hydrate (the subscribe form, a members' teaser), and React throws their
 * server HTML away and draws them again: an address typed into the form meanwhile was lost when
 * the player arrived. A store tells only the components that read it, and the pages without
 * radio controls do not load it. One per browser tab, as the player is; the server renders with
 * WAITING only (the player shares its state from an effect).
 */
let shared = WAITING
const listeners = new Set<() => void>()
/** The player's state, told to the rest of the site (the player calls it after each change). */
export function shareRadio(value: RadioContextValue): void {
  shared = value
  listeners.forEach((listener) => listener())
}
function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
const waiting = () => WAITING

export function useRadio(): RadioContextValue {
  const outside = useSyncExternalStore(subscribe, () => shared, waiting)
  return use(RadioContext) ?? outside
}
