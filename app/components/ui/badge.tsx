import type { ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

const VARIANTS = {
  success: 'border-transparent bg-success text-background',
  secondary: 'border-transparent bg-muted text-foreground',
  outline: 'border-border text-foreground',
  error: 'border-transparent bg-error text-background',
} as const

export type BadgeVariant = keyof typeof VARIANTS

export function Badge({ variant, children }: { variant: BadgeVariant; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        VARIANTS[variant],
      )}
    >
      {children}
    </span>
  )
}
