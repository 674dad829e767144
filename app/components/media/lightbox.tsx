import { Dialog as D } from 'radix-ui'
import type { KeyboardEvent } from 'react'
import { cn } from '../../lib/cn.ts'
import { RemoteImage } from '../ui/remote-image.tsx'

export interface LightboxImage {
  id: string
  src: string
  alt: string
  caption: string
}

const navButton =
  'inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-30'

/**
 * One image of a gallery at full size: Left and Right arrows (or the buttons) move through the
 * gallery, Escape closes. Previous is disabled at the first image and Next at the last.
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
  returnFocus,
}: {
  images: LightboxImage[]
  index: number | null
  onIndexChange: (index: number) => void
  onClose: () => void
  /** What gets focus back when the lightbox closes (the image that opened it). */
  returnFocus?: () => HTMLElement | null
}) {
  const image = index === null ? undefined : images[index]
  const open = image !== undefined && index !== null
  const hasPrevious = open && index > 0
  const hasNext = open && index < images.length - 1

  function onKeyDown(e: KeyboardEvent) {
    if (!open) return
    if (e.key === 'ArrowLeft' && hasPrevious) onIndexChange(index - 1)
    else if (e.key === 'ArrowRight' && hasNext) onIndexChange(index + 1)
    else return
    e.preventDefault()
  }

  return (
    <D.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-[60] bg-black/90" />
        <D.Content
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(e) => {
            const target = returnFocus?.()
            if (target?.isConnected) {
              e.preventDefault()
              target.focus()
            }
          }}
          className="fixed inset-0 z-[60] flex flex-col items-center justify-center p-3 text-white focus:outline-none sm:p-8"
        >
          {image && (
            <>
              <D.Title className="sr-only">{image.alt}</D.Title>
              <D.Description className="sr-only">
                Image {index! + 1} of {images.length}. Use the left and right arrow keys to move
                through the gallery.
              </D.Description>
              <figure className="flex max-h-full min-h-0 w-full flex-1 flex-col items-center justify-center gap-3">
                <RemoteImage
                  key={image.id}
                  src={image.src}
                  alt={image.alt}
                  loading="eager"
                  className="max-h-[calc(100dvh-9rem)] min-h-48 max-w-full min-w-48 rounded-lg object-contain shadow-2xl"
                />
                <figcaption className="text-center text-sm text-white/85">
                  {image.caption}
                  <span className="ml-2 text-white/60">
                    {index! + 1} / {images.length}
                  </span>
                </figcaption>
              </figure>
              <button
                type="button"
                aria-label="Previous image"
                disabled={!hasPrevious}
                onClick={() => hasPrevious && onIndexChange(index! - 1)}
                className={cn(navButton, 'absolute top-1/2 left-2 -translate-y-1/2 sm:left-5')}
              >
                <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
                  <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </button>
              <button
                type="button"
                aria-label="Next image"
                disabled={!hasNext}
                onClick={() => hasNext && onIndexChange(index! + 1)}
                className={cn(navButton, 'absolute top-1/2 right-2 -translate-y-1/2 sm:right-5')}
              >
                <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
                  <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </button>
              <D.Close aria-label="Close" className={cn(navButton, 'absolute top-3 right-3')}>
                <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
                </svg>
              </D.Close>
            </>
          )}
        </D.Content>
      </D.Portal>
    </D.Root>
  )
}
