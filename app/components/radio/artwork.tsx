import { DEFAULT_ARTWORK } from '../../../contracts/radio.ts'
import { RemoteImage } from '../ui/remote-image.tsx'

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
  const box = {
    alt: '',
    width: size,
    height: size,
    loading: lazy ? ('lazy' as const) : ('eager' as const),
    fetchPriority,
    className,
  }
  return <RemoteImage {...box} src={src} fallback={<img {...box} src={DEFAULT_ARTWORK} />} />
}
