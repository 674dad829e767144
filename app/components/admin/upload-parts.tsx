import type { Ref } from 'react'
import { humanSize } from '../../../contracts/resource-constants.ts'
import { cn } from '../../lib/cn.ts'
import { Button } from '../ui/button.tsx'

/** The upload's progress bar: the share sent so far, then `doneLabel` while the server works. */
export function UploadProgress({
  id,
  fraction,
  doneLabel,
}: {
  id: string
  fraction: number
  doneLabel: string
}) {
  const percent = Math.round(fraction * 100)
  const done = fraction >= 1
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-xs text-muted-foreground">
        <span id={id}>{done ? doneLabel : 'Uploading'}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full bg-primary transition-[width] duration-200',
            done && 'animate-pulse',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  )
}

/** Submit (and Cancel while busy), the success line and the form's error under them. */
export function UploadActions({
  busy,
  label,
  submitRef,
  onCancel,
  success,
  error,
}: {
  busy: boolean
  label: string
  submitRef: Ref<HTMLButtonElement>
  onCancel: () => void
  /** Shown once the upload succeeded, announced politely. */
  success: string | null
  error: string | null
}) {
  return (
    <div className="mt-auto space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        {/* aria-disabled, not disabled: the button keeps the keyboard focus while busy. */}
        <Button
          ref={submitRef}
          type="submit"
          aria-disabled={busy || undefined}
          className={cn(busy && 'cursor-progress opacity-50')}
        >
          {busy ? 'Uploading...' : label}
        </Button>
        {busy && (
          <Button variant="outline" onClick={onCancel}>
            Cancel upload
          </Button>
        )}
      </div>
      <div aria-live="polite" className="text-sm">
        {success && <p className="font-medium text-success">{success}</p>}
      </div>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  )
}

/** The file chosen, by name and size. */
export function ChosenFile({ file, testId }: { file: File; testId: string }) {
  return (
    <p className="text-sm" data-testid={testId}>
      <span className="font-medium break-all">{file.name}</span>{' '}
      <span className="text-muted-foreground">{humanSize(file.size)}</span>
    </p>
  )
}
