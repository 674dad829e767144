import { Link } from 'react-router'
import { cn } from '../../lib/cn.ts'
import { pageItems } from '../../lib/pagination.ts'

/** Page links (real links, so they work without JavaScript and can be opened in a new tab). */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  label = 'Pagination',
}: {
  page: number
  totalPages: number
  hrefFor: (page: number) => string
  label?: string
}) {
  const items = pageItems(page, totalPages)
  if (items.length === 0) return null
  const base =
    'inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium'
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={cn(base, 'hover:bg-muted')} rel="prev">
          <span aria-hidden="true">← </span>
          Previous
        </Link>
      ) : (
        <span className={cn(base, 'text-muted-foreground opacity-50')} aria-disabled="true">
          <span aria-hidden="true">← </span>
          Previous
        </span>
      )}
      {items.map((item) =>
        typeof item === 'number' ? (
          <Link
            key={item}
            to={hrefFor(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            className={cn(
              base,
              item === page ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
            )}
          >
            {item}
          </Link>
        ) : (
          <span key={item} className={cn(base, 'text-muted-foreground')} aria-hidden="true">
            …
          </span>
        ),
      )}
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={cn(base, 'hover:bg-muted')} rel="next">
          Next<span aria-hidden="true"> →</span>
        </Link>
      ) : (
        <span className={cn(base, 'text-muted-foreground opacity-50')} aria-disabled="true">
          Next<span aria-hidden="true"> →</span>
        </span>
      )}
    </nav>
  )
}
