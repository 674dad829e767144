import { lazy, Suspense } from 'react'
import type * as PlayerModuleType from './radio-player.tsx'

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
 * The site's radio player, after the page's footer (outside the route outlet: navigating never
 * restarts the stream). It tells the rest of the site its state through ./radio-store.ts. A site
 * without a station (`configured` false) has no player: nothing is shown and nothing fetched.
 */
export function SiteRadio({ configured }: { configured: boolean }) {
  return configured ? (
    <Suspense fallback={null}>
      <RadioPlayer />
    </Suspense>
  ) : null
}
