import { useEffect, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES as M,
  IMPORT_SOURCE_LABELS,
  IMPORT_SOURCES,
  type ImportResult,
  type ImportSource,
} from '../../../contracts/import-constants.ts'
import { ApiRequestError, callApi } from '../../lib/api.ts'
import { cn } from '../../lib/cn.ts'
import { useHydrated } from '../../lib/hydrated.ts'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'
import { Label } from '../ui/input.tsx'
import { fieldProps } from '../ui/form-field.tsx'
import { refreshAdmin } from './admin-api.ts'
import { ChosenFile, UploadProgress } from './upload-parts.tsx'

/** Each source's endpoint: the same form, answer and checks for all of them. */
const ENDPOINTS = {
  ghost: API_PATHS.importGhost,
  wordpress: API_PATHS.importWordpress,
} satisfies Record<ImportSource, unknown>

/** What each source's export is, and where its owner finds it. */
const HINTS: Record<ImportSource, { accept: string; where: string; file: string }> = {
  ghost: {
    accept: '.json,application/json',
    where: 'In Ghost: Settings → Advanced → Import/Export → Export content.',
    file: 'The .json file of Ghost 5 or 6',
  },
  wordpress: {
    accept: '.xml,application/xml,text/xml',
    where: 'In WordPress: Tools → Export → All content → Download Export File.',
    file: 'The .xml file (WXR) of WordPress',
  },
}

const FAILED = 'The import failed. Please try again.'
const MAX_MB = IMPORT_MAX_BYTES / (1024 * 1024)

/** The Import tab: one section per platform whose export the site reads. */
export function ImportTab() {
  return (
    <div className="space-y-8">
      {IMPORT_SOURCES.map((source) => (
        <ImportSection key={source} source={source} />
      ))}
    </div>
  )
}

type Stage = 'preview' | 'import'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * Choose the export, preview what it would create and skip (a dry run: nothing is written),
 * then import it. Importing the same file again creates nothing new.
 */
export function ImportSection({ source }: { source: ImportSource }) {
  const id = useId()
  const label = IMPORT_SOURCE_LABELS[source]
  const hint = HINTS[source]
  const fileInput = useRef<HTMLInputElement>(null)
  const abort = useRef<AbortController | null>(null)
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<{ stage: Stage; result: ImportResult } | null>(null)
  const [running, setRunning] = useState<{ stage: Stage; progress: number } | null>(null)
  // The file picker waits for the tab to come to life: a file chosen in its first HTML is lost.
  const ready = useHydrated()
  // Leaving the tab stops an upload still under way.
  useEffect(() => () => abort.current?.abort(), [])

  const ids = {
    heading: `${id}-heading`,
    file: `${id}-file`,
    hint: `${id}-hint`,
    progress: `${id}-progress`,
    result: `${id}-result`,
  }
  const previewed = result?.stage === 'preview'

  function choose(next: File | null) {
    setResult(null)
    setError(null)
    const problem = !next
      ? null
      : next.size === 0
        ? M.emptyFile
        : next.size > IMPORT_MAX_BYTES
          ? M.tooLarge
          : null
    setFileError(problem)
    setFile(problem ? null : next)
    if (problem && fileInput.current) fileInput.current.value = ''
  }

  async function run(stage: Stage) {
    if (running) return
    setError(null)
    if (!file) {
      setFileError(M.fileRequired)
      fileInput.current?.focus()
      return
    }
    const body = new FormData()
    body.append('file', file)
    const controller = new AbortController()
    abort.current = controller
    setRunning({ stage, progress: 0 })
    try {
      const endpoint = ENDPOINTS[source]
      // The dry run is asked in the address (the form is the file alone): the same contract with
      // its query, so the client every page loads carries nothing for it.
      const entry =
        stage === 'preview' ? { ...endpoint, path: `${endpoint.path}?dryRun=1` } : endpoint
      const answer = await callApi(entry, body, {
        fallbackMessage: FAILED,
        signal: controller.signal,
        onUploadProgress: (progress) => setRunning({ stage, progress }),
      })
      setResult({ stage, result: answer })
      if (stage === 'import') {
        const { posts, pages } = answer.created
        toast.success(
          `Imported from ${label}: ${plural(posts, 'post', 'posts')}, ${plural(pages, 'page', 'pages')}.`,
        )
        await Promise.all([refreshAdmin('posts'), refreshAdmin('pages')])
      }
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') return
      const message =
        caught instanceof ApiRequestError && caught.status !== 0
          ? caught.details?.file?.[0] || caught.message || FAILED
          : FAILED
      setError(message)
      toast.error(stage === 'preview' ? `Preview failed: ${message}` : `Import failed: ${message}`)
    } finally {
      abort.current = null
      setRunning(null)
    }
  }

  const busyLabel = running?.stage === 'preview' ? 'Reading the export' : 'Importing'
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={ids.heading}>
        <h2 id={ids.heading} className="font-display text-xl font-semibold">
          Import from {label}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Posts and pages come in with their tags, dates and members-only setting; their HTML is
          cleaned as every post&apos;s is. Preview first: nothing is written until you import.
        </p>
        <form
          noValidate
          className="mt-5 space-y-4"
          onSubmit={(e) => {
            e.preventDefault()
            void run(previewed ? 'import' : 'preview')
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={ids.file}>
              Export file <span aria-hidden="true">*</span>
            </Label>
            <input
              ref={fileInput}
              type="file"
              accept={hint.accept}
              disabled={!ready || running !== null}
              aria-required="true"
              {...fieldProps(ids.file, fileError ?? undefined, ids.hint)}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
              className={cn(
                'block w-full max-w-xl cursor-pointer rounded-md border border-input bg-background text-sm file:mr-3 file:cursor-pointer file:border-0 file:bg-muted file:px-3 file:py-2 file:font-medium file:text-foreground',
                fileError && 'border-error',
              )}
            />
            <p id={ids.hint} className="text-xs text-muted-foreground">
              {hint.file}, up to {MAX_MB} MB. {hint.where}
            </p>
            {fileError && (
              <p id={`${ids.file}-error`} className="text-sm text-error">
                {fileError}
              </p>
            )}
            {file && <ChosenFile file={file} testId="import-file-info" />}
          </div>
          {running && (
            <div className="max-w-xl">
              <UploadProgress id={ids.progress} fraction={running.progress} doneLabel={busyLabel} />
            </div>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            {/* aria-disabled, not disabled: the button keeps the keyboard focus while busy. */}
            <Button
              type="button"
              variant={previewed ? 'outline' : 'primary'}
              aria-disabled={running !== null || undefined}
              className={cn(running && 'cursor-progress opacity-50')}
              onClick={() => void run('preview')}
            >
              {running?.stage === 'preview' ? 'Previewing...' : 'Preview import'}
            </Button>
            <Button
              type="button"
              variant={previewed ? 'primary' : 'outline'}
              aria-disabled={running !== null || !previewed || undefined}
              className={cn((running || !previewed) && 'opacity-50', running && 'cursor-progress')}
              onClick={() => previewed && void run('import')}
            >
              {running?.stage === 'import' ? 'Importing...' : 'Import'}
            </Button>
          </div>
          {!previewed && !running && result?.stage !== 'import' && (
            <p className="text-xs text-muted-foreground">Import is available after a preview.</p>
          )}
          {error && (
            <p role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
        </form>
        <div aria-live="polite">
          {result && <ImportSummary id={ids.result} {...result} label={label} />}
        </div>
      </section>
    </Card>
  )
}

function ImportSummary({
  id,
  stage,
  result,
  label,
}: {
  id: string
  stage: Stage
  result: ImportResult
  label: string
}) {
  const { created, skipped, skippedTotal } = result
  const nothing = created.posts + created.pages === 0
  const heading =
    stage === 'preview'
      ? nothing
        ? 'Preview: the import would create nothing'
        : 'Preview: the import would create'
      : nothing
        ? `Imported from ${label}: nothing new`
        : `Imported from ${label}`
  const counts = [
    ['Posts', created.posts],
    ['Pages', created.pages],
    ['New tags', created.tags],
  ] as const
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-6 space-y-4"
      data-testid="import-result"
    >
      <h3 id={`${id}-heading`} className="font-semibold">
        {heading}
      </h3>
      <dl className="grid max-w-xl grid-cols-3 gap-3">
        {counts.map(([term, n]) => (
          <div key={term} className="rounded-md border border-border p-3">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="font-display text-2xl font-semibold tabular-nums">{n}</dd>
          </div>
        ))}
      </dl>
      {skippedTotal > 0 && (
        <div className="space-y-2">
          <h4 className="text-sm font-semibold">
            {stage === 'preview' ? 'Would be skipped' : 'Skipped'} (
            {skippedTotal.toLocaleString('en-US')})
          </h4>
          {skippedTotal > skipped.length && (
            <p className="text-sm text-muted-foreground">The first {skipped.length} are listed.</p>
          )}
          <ul
            // Scrolls when long: reachable by keyboard.
            tabIndex={0}
            className="max-h-80 max-w-3xl space-y-2 overflow-y-auto text-sm"
            aria-label="Skipped items"
          >
            {skipped.map((item, i) => (
              <li key={i} className="rounded-md bg-muted/50 px-3 py-2">
                <span className="font-medium break-words">{item.title}</span>
                <span className="block text-muted-foreground">{item.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {stage === 'preview' && !nothing && (
        <p className="text-sm text-muted-foreground">
          Nothing has been written yet. Choose Import to bring these in.
        </p>
      )}
    </section>
  )
}
