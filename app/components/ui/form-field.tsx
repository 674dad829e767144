import type { ReactNode } from 'react'
import { FieldError, Label } from './input.tsx'

/** The ARIA wiring of a control: its id, invalid state and the id of its error line. */
export function fieldProps(id: string, error: string | undefined, hintId?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error && `${id}-error`, hintId].filter(Boolean).join(' ') || undefined,
  }
}

/** A label, its control and the field's first error message. */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error: string | undefined
  hint?: string
  children: ReactNode
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
