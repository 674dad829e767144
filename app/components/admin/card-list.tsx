import type { ReactNode } from 'react'
import { Skeleton } from '../ui/skeleton.tsx'

/**
 * A table's rows as cards on a phone, where the table would hide its widest column past the
 * edge: the same loading, error and empty states; `error` and `empty` are the texts to show.
 */
export function CardList({
  label,
  pending,
  error,
  empty,
  children,
}: {
  label: string
  pending: boolean
  error: string | null
  empty: string | null
  children: ReactNode
}) {
  if (pending) return <Skeleton className="h-40 w-full" />
  if (error)
    return (
      <p role="alert" className="text-error">
        {error}
      </p>
    )
  if (empty) return <p className="text-muted-foreground">{empty}</p>
  return (
    <ul aria-label={label} className="divide-y divide-border rounded-xl border border-border">
      {children}
    </ul>
  )
}
