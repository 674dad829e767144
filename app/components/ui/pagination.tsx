import { cn } from '../../lib/cn.ts'
import { pageItems } from '../../lib/pagination.ts'
import { SiteLink } from './site-link.tsx'

/** Page links (real links, so they work without JavaScript and can be opened in a new tab). */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  label = 'Pagination',
}: {
  page: number
  totalPages: number
  hrefFor: (page: number) => `/${string}`
  label?: string
}) {
  const items = pageItems(page, totalPages)
  if (items.length === 0) return null
  const base =
    'inline-flex h-10 min-w-10 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium'
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <SiteLink to={hrefFor(page - 1)} className={cn(base, 'hover:bg-muted')} rel="prev">
          <span aria-hidden="true">← </span>
          Previous
        </SiteLink>
      ) : (
        <span className={cn(base, 'text-muted-foreground opacity-50')} aria-disabled="true">
          <span aria-hidden="true">← </span>
          Previous
        </span>
      )}
      {items.map((item) =>
        typeof item === 'number' ? (
          <SiteLink
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
          </SiteLink>
        ) : (
          <span key={item} className={cn(base, 'text-muted-foreground')} aria-hidden="true">
            …
          </span>
        ),
      )}
      {page < totalPages ? (
        <SiteLink to={hrefFor(page + 1)} className={cn(base, 'hover:bg-muted')} rel="next">
          Next<span aria-hidden="true"> →</span>
        </SiteLink>
      ) : (
        <span className={cn(base, 'text-muted-foreground opacity-50')} aria-disabled="true">
          Next<span aria-hidden="true"> →</span>
        </span>
      )}
    </nav>
  )
}
