import { cn } from '../../lib/cn.ts'
import { RemoteImage } from '../ui/remote-image.tsx'

/** First letters of the first and last words of the name, else its first two letters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length >= 2) return `${words[0]![0]}${words.at(-1)![0]}`.toUpperCase()
  return (words[0] ?? '?').slice(0, 2).toUpperCase()
}

export function UserAvatar({
  name,
  src,
  className,
}: {
  name: string
  src: string | null
  className?: string
}) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted font-display font-semibold text-muted-foreground',
        className,
      )}
    >
      <RemoteImage
        src={src}
        alt={`Avatar of ${name}`}
        loading="eager"
        className="h-full w-full"
        fallback={
          <span role="img" aria-label={`Avatar of ${name}`}>
            {initialsOf(name)}
          </span>
        }
      />
    </span>
  )
}
