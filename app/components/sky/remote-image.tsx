import { useEffect, useRef, useState } from 'react'
import { cn } from '../../lib/cn.ts'

/**
 * An image from another site. If it cannot be loaded (moved, blocked, offline) a quiet placeholder
 * takes its place instead of a broken-image icon, also when it failed before hydration.
 */
export function RemoteImage({
  src,
  alt,
  className,
  loading = 'lazy',
  width,
  height,
  srcSet,
  sizes,
}: {
  src: string | undefined
  alt: string
  className?: string
  loading?: 'lazy' | 'eager'
  /** The image's size, when known: the browser reserves its box before it loads. */
  width?: number
  height?: number
  /** Other sizes of the same image, for the browser to choose from. */
  srcSet?: string
  sizes?: string
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const ref = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const img = ref.current
    if (img && img.complete && img.naturalWidth === 0 && src) setFailedSrc(src)
  }, [src])

  const ratio = width && height ? { aspectRatio: `${width} / ${height}` } : undefined
  if (!src || failedSrc === src) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        style={ratio}
        className={cn(
          'flex items-center justify-center bg-gradient-to-br from-primary/25 via-muted to-accent/20 text-muted-foreground',
          className,
        )}
      >
        <svg viewBox="0 0 24 24" className="h-10 w-10 opacity-60" fill="none" aria-hidden="true">
          <circle cx="12" cy="12" r="5" stroke="currentColor" strokeWidth="1.5" />
          <path
            d="M3 12c2.5-1.8 5.5-2.8 9-2.8s6.5 1 9 2.8"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
          <circle cx="19" cy="5" r="1" fill="currentColor" />
          <circle cx="5" cy="18" r="0.8" fill="currentColor" />
        </svg>
      </div>
    )
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={width}
      height={height}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      style={ratio}
      loading={loading}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
      className={cn('bg-muted object-cover', className)}
    />
  )
}
