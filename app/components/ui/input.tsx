import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-10 w-full rounded-lg border border-border bg-background px-3 text-sm text-foreground placeholder:text-muted-foreground focus:border-ring focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-error',
        className,
      )}
      {...props}
    />
  )
}

/** A multi-line field with the same look, focus and invalid states as Input. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'w-full rounded-lg border border-border bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus:border-ring focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-error',
        className,
      )}
      {...props}
    />
  )
}

/** A field's label, on its own line above the field whatever the field's width. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('block text-sm font-medium', className)} {...props} />
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="text-sm text-error">
      {message}
    </p>
  )
}
