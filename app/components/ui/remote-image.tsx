import { type ReactNode, useEffect, useRef, useState } from 'react'
import { cn } from '../../lib/cn.ts'

/**
 * Every image whose address the site does not control (videos' thumbnails, community photos, the
 * picture of the day, news, radio artwork, avatars, featured and header images). If it cannot be
 * loaded (moved, blocked, offline) `fallback` takes its place, by default a quiet placeholder of
 * the same box, instead of a broken-image icon or an empty box; also when it failed before
 * hydration.
 */
export function RemoteImage({
  src,
  alt,
  className,
  loading = 'lazy',
  decoding = 'async',
  fetchPriority,
  width,
  height,
  srcSet,
  sizes,
  fallback,
}: {
  src: string | null | undefined
  alt: string
  className?: string
  loading?: 'lazy' | 'eager'
  decoding?: 'async' | 'sync'
  fetchPriority?: 'high' | 'low' | 'auto'
  /** The image's size, when known: the browser reserves its box before it loads. */
  width?: number
  height?: number
  /** Other sizes of the same image, for the browser to choose from. */
  srcSet?: string
  sizes?: string
  /** What stands in for a missing or broken image (initials, a default artwork). */
  fallback?: ReactNode
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const ref = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const img = ref.current
    if (img && img.complete && img.naturalWidth === 0 && src) setFailedSrc(src)
  }, [src])

  const ratio = width && height ? { aspectRatio: `${width} / ${height}` } : undefined
  if (!src || failedSrc === src) {
    if (fallback !== undefined) return fallback
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        style={ratio}
        data-image-fallback=""
        className={cn(
          'flex items-center justify-center bg-gradient-to-br from-primary/25 via-muted to-accent/20 text-muted-foreground',
          className,
        )}
      >
        <span aria-hidden="true" className="icon icon-planet size-10 opacity-60" />
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
      decoding={decoding}
      fetchPriority={fetchPriority}
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
      className={cn('bg-muted object-cover', className)}
    />
  )
}
