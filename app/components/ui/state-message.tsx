import type { ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

/** An empty or error state inside a page: a heading, a sentence, maybe an action. */
export function StateMessage({
  title,
  children,
  action,
  tone = 'neutral',
  className,
}: {
  title: string
  children?: ReactNode
  action?: ReactNode
  tone?: 'neutral' | 'error'
  className?: string
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-2xl border border-dashed border-border bg-card/60 px-6 py-12 text-center',
        className,
      )}
    >
      <h2 className={cn('font-display text-xl font-semibold', tone === 'error' && 'text-error')}>
        {title}
      </h2>
      {children && <div className="mx-auto mt-2 max-w-md text-muted-foreground">{children}</div>}
      {action && <div className="mt-5 flex justify-center">{action}</div>}
    </div>
  )
}
