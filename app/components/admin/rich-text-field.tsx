import { Suspense, lazy } from 'react'
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form'

/**
 * TipTap and ProseMirror load when something is opened for editing, not with the dashboard, and
 * not into every server process (the dialogs are never rendered on the server).
 */
const RichTextEditor = lazy(() =>
  import('./rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })),
)

function EditorLoading() {
  return (
    <div
      role="status"
      className="flex min-h-64 items-center justify-center rounded-lg border border-border bg-background text-sm text-muted-foreground"
    >
      Loading the editor…
    </div>
  )
}

/**
 * A form's rich-text field: its label, the editor bound to the form's `name`, and the field's
 * error. The editor owns its text once made; `editorKey` makes a new one on replaced text.
 */
export function RichTextField<F extends FieldValues>({
  control,
  name,
  id,
  label,
  error,
  editorKey,
}: {
  control: Control<F>
  name: FieldPath<F>
  id: string
  label: string
  error: string | undefined
  editorKey?: string | number
}) {
  return (
    <div className="space-y-1.5">
      <span className="text-sm font-medium" id={`${id}-label`}>
        {label}
      </span>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Suspense fallback={<EditorLoading />}>
            <RichTextEditor
              key={editorKey}
              id={id}
              label={label}
              initialValue={field.value as string}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={!!error}
              describedBy={error ? `${id}-error` : undefined}
            />
          </Suspense>
        )}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  )
}
