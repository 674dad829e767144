import { useEffect, useRef, useState } from 'react'
import { DEFAULT_ARTWORK } from '../../../contracts/radio.ts'

/** Album art, or the default artwork when there is none or it fails to load. */
export function Artwork({
  src,
  size,
  className,
  lazy = false,
  fetchPriority,
}: {
  src: string | null | undefined
  size: number
  className?: string
  lazy?: boolean
  fetchPriority?: 'high' | 'low' | 'auto'
}) {
  const [failed, setFailed] = useState<string | null>(null)
  const url = src && failed !== src ? src : DEFAULT_ARTWORK
  const ref = useRef<HTMLImageElement>(null)
  // A server-rendered image may have failed before the page hydrated: no error event comes then.
  useEffect(() => {
    const img = ref.current
    if (img?.complete && img.naturalWidth === 0 && src) setFailed(src)
  }, [src])
  return (
    <img
      ref={ref}
      src={url}
      alt=""
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      fetchPriority={fetchPriority}
      onError={() => setFailed(src ?? null)}
      className={className}
    />
  )
}
