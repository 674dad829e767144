import { useEffect } from 'react'
import { Button } from '../ui/button.tsx'

/**
 * 'Page X of Y' with Previous and Next; nothing when everything fits on one page, or while the
 * count is not known (`undefined`). When the last page empties (its last row deleted, archived or
 * filtered away), it steps back to the new last page instead of showing an empty one.
 */
export function Pager({
  page,
  totalPages,
  onPage,
}: {
  page: number
  totalPages: number | undefined
  onPage: (page: number) => void
}) {
  // An empty list has no pages (0) but shows its first.
  const last = Math.max(1, totalPages ?? 1)
  const past = totalPages !== undefined && page > last
  useEffect(() => {
    if (past) onPage(last)
  }, [past, last, onPage])
  if (totalPages === undefined || totalPages <= 1) return null
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {totalPages}
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  )
}
