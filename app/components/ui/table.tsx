import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'
import { Skeleton } from './skeleton.tsx'

/** A data table that scrolls sideways on a narrow screen instead of squeezing its columns. */
export function Table({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className="overflow-x-auto rounded-xl border border-border"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="w-full min-w-[36rem] text-left text-sm">{children}</table>
    </div>
  )
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn('border-b border-border bg-muted/50 px-4 py-3 font-semibold', className)}
      {...props}
    />
  )
}

/** The narrow last column that holds each row's menu; its name is for screen readers only. */
export function ActionsTh() {
  return (
    <Th className="w-16">
      <span className="sr-only">Actions</span>
    </Th>
  )
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
