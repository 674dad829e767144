import { useEffect, useRef, useState } from 'react'
import {
  FOOTER_LIFT_PX,
  FOOTER_MARGIN_LARGE_PX,
  FOOTER_MARGIN_SMALL_PX,
  SMALL_SCREEN_MAX_PX,
} from '../../../contracts/radio.ts'
import { cn } from '../../lib/cn.ts'
import { Artwork } from './artwork.tsx'
import { trackTexts } from './player-state.ts'
import { RadioControls } from './radio-controls.tsx'
import { useNowPlaying } from './radio-queries.ts'
import { useRadio } from './radio-provider.tsx'

/** Spec §2: lifts by 95 px plus 16 px (up to 768 px wide) or 24 px while the footer is visible. */
function useFooterLift(): number | null {
  const [lift, setLift] = useState<number | null>(null)
  useEffect(() => {
    const footer = document.querySelector('footer')
    if (!footer || typeof IntersectionObserver === 'undefined') return
    const small = window.matchMedia(`(max-width: ${SMALL_SCREEN_MAX_PX}px)`)
    let visible = false
    const update = () =>
      setLift(
        visible
          ? FOOTER_LIFT_PX + (small.matches ? FOOTER_MARGIN_SMALL_PX : FOOTER_MARGIN_LARGE_PX)
          : null,
      )
    const observer = new IntersectionObserver(
      ([entry]) => {
        visible = entry?.isIntersecting ?? false
        update()
      },
      { threshold: 0.1, rootMargin: '0px 0px 20px 0px' },
    )
    observer.observe(footer)
    small.addEventListener('change', update)
    return () => {
      observer.disconnect()
      small.removeEventListener('change', update)
    }
  }, [])
  return lift
}

/** The floating player at the bottom right of every page. */
export function RadioMiniPlayer() {
  const nowPlaying = useNowPlaying()
  const { state } = useRadio()
  const lift = useFooterLift()
  const [collapsed, setCollapsed] = useState(false)
  const region = useRef<HTMLElement>(null)
  const song = nowPlaying.data?.nowPlaying.song
  const { title, artist } = trackTexts(song)
  const live = nowPlaying.data?.live

  return (
    <aside
      ref={region}
      aria-label="Radio player"
      data-testid="radio-mini-player"
      data-lifted={lift !== null ? 'true' : 'false'}
      style={lift !== null ? { bottom: `${lift}px` } : undefined}
      className={cn(
        'fixed right-4 bottom-4 z-40 w-[min(22rem,calc(100vw-2rem))] rounded-2xl border border-border bg-card/95 p-3 text-card-foreground shadow-lg backdrop-blur transition-[bottom] duration-300 md:right-6 md:bottom-6',
        collapsed && 'w-auto',
      )}
    >
      <div className="flex items-center gap-3">
        {/* A thumbnail in the corner of every page: it does not compete with the page's own
            pictures (a low priority also keeps it out of the head's preloads). */}
        <Artwork
          src={song?.art}
          size={48}
          fetchPriority="low"
          className={cn('h-12 w-12 shrink-0 rounded-lg object-cover', collapsed && 'h-10 w-10')}
        />
        {!collapsed && (
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold" data-testid="radio-title">
              {nowPlaying.isError ? 'Radio unavailable' : title}
            </p>
            <p className="truncate text-xs text-muted-foreground" data-testid="radio-artist">
              {live?.isLive && live.streamerName ? `LIVE · ${live.streamerName}` : artist}
            </p>
          </div>
        )}
        <button
          type="button"
          onClick={() => setCollapsed((c) => !c)}
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Show radio player' : 'Hide radio player'}
          className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden="true">
            {collapsed ? <path d="M7 14l5-5 5 5z" /> : <path d="M7 10l5 5 5-5z" />}
          </svg>
        </button>
      </div>
      {!collapsed && (
        <div className="mt-2">
          <RadioControls />
        </div>
      )}
      {collapsed && state.isPlaying && <span className="sr-only">Radio playing</span>}
    </aside>
  )
}
