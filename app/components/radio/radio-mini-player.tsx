import { type RefObject, useEffect, useRef, useState } from 'react'
import {
  FOOTER_LIFT_PX,
  FOOTER_MARGIN_LARGE_PX,
  FOOTER_MARGIN_SMALL_PX,
  SMALL_SCREEN_MAX_PX,
} from '../../../contracts/radio.ts'
import { cn } from '../../lib/cn.ts'
import { Artwork } from './artwork.tsx'
import { trackTexts } from './player-state.ts'
import { PlayPauseButton, RadioControls } from './radio-controls.tsx'
import { useNowPlaying } from './radio-queries.ts'
import { useRadio } from './radio-store.ts'

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

/** Below this width (Tailwind's `sm`) the player starts as a compact pill. */
const PHONE_QUERY = '(max-width: 639.98px)'
/** Free space kept between the player and what stops above it. */
const CLEARANCE_GAP_PX = 8

/**
 * Keeps the page out from under the player. `--radio-clearance` (the player's height, its
 * distance from the bottom when lifted above the footer, and a gap) is the page's bottom scroll
 * padding: what the keyboard focuses, or a link or `scrollIntoView` brings into view, stops above
 * the player, even when bringing it into view shows the footer and lifts the player.
 * `--radio-end-space` is a space in the footer above its last block (the links): at the end of the
 * page, lifted above that block, the player lies over the space and never over a control, however
 * tall the footer above it is (the newsletter's form).
 */
function usePageClearance(region: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const player = region.current
    if (!player || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    // The footer's last block (its links), below the space the player lies over.
    const footer = document.querySelector('footer')?.lastElementChild as HTMLElement | null
    const small = window.matchMedia(`(max-width: ${SMALL_SCREEN_MAX_PX}px)`)
    const update = () => {
      const lifted =
        FOOTER_LIFT_PX + (small.matches ? FOOTER_MARGIN_SMALL_PX : FOOTER_MARGIN_LARGE_PX)
      const clearance = lifted + player.offsetHeight + CLEARANCE_GAP_PX
      const footerSpace = footer ? footer.offsetHeight : 0
      root.style.setProperty('--radio-clearance', `${clearance}px`)
      root.style.setProperty('--radio-end-space', `${Math.max(0, clearance - footerSpace)}px`)
    }
    const observer = new ResizeObserver(update)
    observer.observe(player)
    if (footer) observer.observe(footer)
    small.addEventListener('change', update)
    update()
    return () => {
      observer.disconnect()
      small.removeEventListener('change', update)
    }
  }, [region])
}

/**
 * The floating player at the bottom right of every page. On a phone it starts as a compact pill
 * (artwork, title, play/pause); on wider screens expanded. Until the visitor chooses, CSS picks
 * the form, so the server's page and the hydrated one look the same at every width.
 */
export function RadioMiniPlayer() {
  const nowPlaying = useNowPlaying()
  const { state } = useRadio()
  const lift = useFooterLift()
  /** null: the visitor has not chosen; the width decides. */
  const [chosen, setChosen] = useState<boolean | null>(null)
  const [phone, setPhone] = useState<boolean | null>(null)
  const region = useRef<HTMLElement>(null)
  usePageClearance(region)
  useEffect(() => {
    const query = window.matchMedia(PHONE_QUERY)
    const update = () => setPhone(query.matches)
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  const song = nowPlaying.data?.nowPlaying.song
  const { title, artist } = trackTexts(song)
  const live = nowPlaying.data?.live
  const expanded = chosen ?? (phone === null ? null : !phone)
  /** What only the expanded player shows, and only the compact one: CSS decides until known. */
  const showsExpanded = expanded !== false
  const showsCompact = expanded !== true
  const whenExpanded = expanded === null ? 'max-sm:hidden' : undefined
  const whenCompact = expanded === null ? 'sm:hidden' : undefined

  return (
    <aside
      ref={region}
      aria-label="Radio player"
      data-testid="radio-mini-player"
      data-expanded={expanded === null ? undefined : String(expanded)}
      data-lifted={lift !== null ? 'true' : 'false'}
      style={lift !== null ? { bottom: `${lift}px` } : undefined}
      className={cn(
        'fixed right-4 bottom-4 z-40 border border-border bg-card/95 text-card-foreground shadow-lg backdrop-blur transition-[bottom] duration-300 md:right-6 md:bottom-6',
        // Compact, the pill's width is its parts' (artwork, gaps, title, two buttons, padding,
        // border) from its own first tag: a phone paints a page before it has read all of it,
        // and a pill that grew as its parts arrived moved from the right edge leftwards.
        expanded === null &&
          'max-w-[calc(100vw-2rem)] rounded-full p-1.5 max-sm:w-[calc(19.25rem+2px)] sm:w-[min(22rem,calc(100vw-2rem))] sm:rounded-2xl sm:p-3',
        expanded === true && 'w-[min(22rem,calc(100vw-2rem))] rounded-2xl p-3',
        expanded === false && 'max-w-[calc(100vw-2rem)] w-[calc(19.25rem+2px)] rounded-full p-1.5',
      )}
    >
      <div className="flex items-center gap-2 sm:gap-3">
        {/* A thumbnail in the corner of every page: it does not compete with the page's own
            pictures (a low priority also keeps it out of the head's preloads). */}
        <Artwork
          src={song?.art}
          size={48}
          fetchPriority="low"
          className={cn(
            'shrink-0 object-cover',
            expanded === null && 'h-10 w-10 rounded-full sm:h-12 sm:w-12 sm:rounded-lg',
            expanded === true && 'h-12 w-12 rounded-lg',
            expanded === false && 'h-10 w-10 rounded-full',
          )}
        />
        {/* Compact, the title has a width of its own: a longer or shorter song (or the first
            one after "Loading...") leaves the player's size, and the page, where they are. */}
        <div
          className={cn(
            'min-w-0 flex-1',
            expanded === null && 'max-sm:w-[10rem] max-sm:flex-none',
            expanded === false && 'w-[10rem] flex-none',
          )}
        >
          <p className="truncate text-sm font-semibold" data-testid="radio-title">
            {nowPlaying.isError ? 'Radio unavailable' : title}
          </p>
          {showsExpanded && (
            <p
              className={cn('truncate text-xs text-muted-foreground', whenExpanded)}
              data-testid="radio-artist"
            >
              {live?.isLive && live.streamerName ? `LIVE · ${live.streamerName}` : artist}
            </p>
          )}
        </div>
        {showsCompact && <PlayPauseButton className={whenCompact} />}
        <button
          type="button"
          onClick={() => setChosen(!(expanded ?? !phone))}
          aria-expanded={expanded ?? undefined}
          aria-label={expanded === false ? 'Show radio player' : 'Hide radio player'}
          className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden="true">
            {expanded === false ? <path d="M7 14l5-5 5 5z" /> : <path d="M7 10l5 5 5-5z" />}
          </svg>
        </button>
      </div>
      {showsExpanded && (
        <div className={cn('mt-2', whenExpanded)}>
          <RadioControls />
        </div>
      )}
      {expanded === false && state.isPlaying && <span className="sr-only">Radio playing</span>}
    </aside>
  )
}
