import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'
import { Skeleton } from './skeleton.tsx'

/**
 * A data table that scrolls sideways on a narrow screen instead of squeezing its columns. The box
 * is positioned so that what is visually hidden inside (an `sr-only` header) stays inside it too,
 * rather than widening the page.
 */
export function Table({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className="relative overflow-x-auto rounded-xl border border-border"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="w-full min-w-[36rem] border-separate border-spacing-0 text-left text-sm">
        {children}
      </table>
    </div>
  )
}

/** Header cells are opaque (a pinned one passes over the others). */
export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b border-border bg-[color-mix(in_srgb,var(--muted)_50%,var(--background))] px-4 py-3 font-semibold whitespace-nowrap',
        className,
      )}
      {...props}
    />
  )
}

/**
 * The last column holds each row's menu and stays pinned at the box's right edge while the table
 * scrolls, so every row's actions are in reach on a phone. Opaque, as the columns pass under it;
 * the table's borders are the cells' own (separate borders), so they move with the pinned cells.
 * A table scrolls only on a phone, where a line sets the column apart.
 */
const PINNED = 'sticky right-0 w-16 border-border max-sm:border-l'

/** The header of the row-menu column; its name is shown only when `visible`. */
export function ActionsTh({ visible }: { visible?: boolean }) {
  return (
    <Th className={PINNED}>{visible ? 'Actions' : <span className="sr-only">Actions</span>}</Th>
  )
}

export function ActionsTd({ children }: { children: ReactNode }) {
  return <Td className={cn(PINNED, 'bg-background text-right')}>{children}</Td>
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td className={cn('border-b border-border px-4 py-3 align-middle', className)} {...props} />
  )
}

/** Placeholder rows while a table loads. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            <Td key={c}>
              <Skeleton className="h-5 w-full max-w-48" />
            </Td>
          ))}
        </tr>
      ))}
    </>
  )
}

/** One full-width row for the empty and error states of a table. */
export function MessageRow({
  columns,
  children,
  error,
}: {
  columns: number
  children: ReactNode
  error?: boolean
}) {
  return (
    <tr>
      <td
        colSpan={columns}
        className={cn('px-4 py-10 text-center', error ? 'text-error' : 'text-muted-foreground')}
        role={error ? 'alert' : undefined}
      >
        {children}
      </td>
    </tr>
  )
}
