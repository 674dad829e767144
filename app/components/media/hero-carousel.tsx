import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { HERO_INTERVAL_MS, HERO_TRANSITION_MS } from '../../../contracts/media-constants.ts'
import { cn } from '../../lib/cn.ts'
import { useHydrated } from '../../lib/hydrated.ts'
import { RemoteImage } from '../ui/remote-image.tsx'

export interface HeroSlide {
  key: string
  src: string
  srcset?: string
  width: number
  height: number
  alt: string
}

/** Shown when no header image is uploaded, or the list could not be read. */
export const FALLBACK_SLIDES: HeroSlide[] = [
  {
    key: 'milky-way',
    src: '/images/hero/milky-way.svg',
    width: 1600,
    height: 900,
    alt: 'The Milky Way over a dark horizon',
  },
  {
    key: 'nebula',
    src: '/images/hero/nebula.svg',
    width: 1600,
    height: 900,
    alt: 'A glowing pink and blue nebula among stars',
  },
  {
    key: 'moonrise',
    src: '/images/hero/moonrise.svg',
    width: 1600,
    height: 900,
    alt: 'The full moon rising over mountains',
  },
]

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(REDUCED_MOTION)
      media.addEventListener('change', onChange)
      return () => media.removeEventListener('change', onChange)
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    // The server does not know: the slideshow starts only in the browser anyway.
    () => true,
  )
}

const control =
  'inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full bg-black/55 text-white backdrop-blur hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white'

/**
 * The home page's hero: the slides cross-fade every 6 s and wrap around. The first slide is
 * server-rendered with a high fetch priority and fixed dimensions (it is the page's largest
 * paint) and is the only one in the HTML: the next one loads once the page has hydrated, so it
 * does not take bandwidth from the first paint, and the others when their turn comes near.
 * Rotation pauses while the pointer or focus is inside, on the pause button, and from the start
 * under prefers-reduced-motion.
 */
export function HeroCarousel({
  slides,
  notice,
  children,
}: {
  slides: HeroSlide[]
  notice?: string | null
  children?: ReactNode
}) {
  const [index, setIndex] = useState(0)
  // The visitor's own choice; until they make one, reduced motion means stopped.
  const [userChoice, setUserChoice] = useState<'play' | 'pause' | null>(null)
  const [hovering, setHovering] = useState(false)
  const [transitioning, setTransitioning] = useState(false)
  const reducedMotion = usePrefersReducedMotion()
  // Slides are mounted once they are shown or next in line (after hydration), and stay mounted.
  const [mounted, setMounted] = useState(() => new Set([0]))
  const hydrated = useHydrated()
  const stopped = userChoice ? userChoice === 'pause' : reducedMotion
  const paused = stopped || hovering || slides.length < 2
  const count = slides.length
  const transitionTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  function go(next: number) {
    const target = ((next % count) + count) % count
    setIndex(target)
    setMounted((m) => new Set([...m, target, (target + 1) % count]))
    setTransitioning(true)
    clearTimeout(transitionTimer.current)
    transitionTimer.current = setTimeout(() => setTransitioning(false), HERO_TRANSITION_MS)
  }

  useEffect(() => {
    if (paused) return
    const timer = setInterval(() => go(index + 1), HERO_INTERVAL_MS)
    return () => clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- go is recreated every render
  }, [paused, index, count])
  useEffect(() => () => clearTimeout(transitionTimer.current), [])

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured images"
      className="relative isolate h-[min(78vh,44rem)] min-h-[26rem] overflow-hidden bg-[#050816] text-white"
      onPointerEnter={() => setHovering(true)}
      onPointerLeave={() => setHovering(false)}
      onFocus={() => setHovering(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHovering(false)
      }}
      data-transitioning={transitioning || undefined}
    >
      {slides.map((slide, i) =>
        mounted.has(i) || (hydrated && i === (index + 1) % count) ? (
          <div
            key={slide.key}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            className={cn(
              'absolute inset-0 transition-opacity ease-in-out',
              i === index ? 'opacity-100' : 'opacity-0',
            )}
            style={{ transitionDuration: `${HERO_TRANSITION_MS}ms` }}
          >
            <RemoteImage
              src={slide.src}
              srcSet={slide.srcset}
              sizes="100vw"
              width={slide.width}
              height={slide.height}
              alt={slide.alt}
              fetchPriority={i === 0 ? 'high' : 'low'}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding={i === 0 ? 'sync' : 'async'}
              className="h-full w-full"
            />
          </div>
        ) : null,
      )}
      <div className="pointer-events-none absolute inset-0 bg-gradient-to-t from-black/85 via-black/35 to-black/20" />
      <div className="relative flex h-full items-end">
        <div className="mx-auto w-full max-w-7xl px-4 pb-20 md:pb-24">{children}</div>
      </div>
      {notice && (
        <p
          role="status"
          className="absolute top-18 left-1/2 -translate-x-1/2 rounded-full bg-black/70 px-4 py-1.5 text-sm text-white"
        >
          {notice}
        </p>
      )}
      {count > 1 && (
        // At the top: the bottom corner is where the radio player floats.
        <div className="absolute inset-x-0 top-4 mx-auto flex max-w-7xl items-center justify-end gap-2 px-4">
          <button
            type="button"
            className={control}
            aria-label="Previous slide"
            onClick={() => go(index - 1)}
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          <div className="flex items-center gap-1.5 px-1" role="group" aria-label="Choose a slide">
            {slides.map((slide, i) => (
              <button
                key={slide.key}
                type="button"
                aria-label={`Show slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
                className="group inline-flex h-6 w-6 cursor-pointer items-center justify-center focus-visible:outline-2 focus-visible:outline-white"
              >
                <span
                  className={cn(
                    'block h-2.5 rounded-full bg-white transition-all',
                    i === index ? 'w-6' : 'w-2.5 opacity-60 group-hover:opacity-90',
                  )}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            className={control}
            aria-label="Next slide"
            onClick={() => go(index + 1)}
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          <button
            type="button"
            className={control}
            aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'}
            onClick={() => setUserChoice(stopped ? 'play' : 'pause')}
          >
            {stopped ? (
              <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
                <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
              </svg>
            )}
          </button>
        </div>
      )}
    </section>
  )
}
