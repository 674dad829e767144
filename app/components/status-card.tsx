import type { ReactNode } from 'react'
import { Card } from './ui/card.tsx'

/**
 * A page's status in a card: not found, an error, access denied. On its own so the root's error
 * boundary loads only this; the other status views (status.tsx) come with the pages that use them.
 */
export function StatusCard({
  title,
  children,
  tone = 'neutral',
}: {
  title: string
  children?: ReactNode
  tone?: 'neutral' | 'error'
}) {
  return (
    <Card className="mx-auto max-w-xl text-center" role={tone === 'error' ? 'alert' : undefined}>
      <h1
        className={
          tone === 'error'
            ? 'font-display text-2xl font-bold text-error'
            : 'font-display text-2xl font-bold'
        }
      >
        {title}
      </h1>
      {children && <div className="mt-3 space-y-4 text-muted-foreground">{children}</div>}
    </Card>
  )
}
