import { useEffect, useId, useRef, useState } from 'react'
import {
  type HeaderImage,
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  MEDIA_MESSAGES as M,
} from '../../../contracts/media-constants.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { ApiRequestError, callApi } from '../../lib/api.ts'
import { cn } from '../../lib/cn.ts'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'
import { RemoteImage } from '../ui/remote-image.tsx'
import { fieldProps } from '../ui/form-field.tsx'
import { FieldError, Input, Label, Textarea } from '../ui/input.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { useAdminImages, useRefreshAdmin } from './admin-api.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { UploadActions, UploadProgress } from './upload-parts.tsx'

const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp']
const IMAGE_EXTENSION = /\.(jpe?g|png|webp)$/i
const TITLE_MAX = 200
const DESCRIPTION_MAX = 1000

/** The same checks as the server's, before anything is sent; the server decodes the file again. */
export function imageFileError(file: File): string | null {
  if (file.size === 0) return M.imageEmpty
  if (file.type ? !IMAGE_TYPES.includes(file.type) : !IMAGE_EXTENSION.test(file.name))
    return M.imageType
  if (file.size > IMAGE_MAX_BYTES) return M.imageTooLarge
  return null
}

/** "milky-way.final.jpg" → "milky-way.final": the title the form starts from. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.')
  return (dot > 0 ? name.slice(0, dot) : name).trim().slice(0, TITLE_MAX)
}

/** The size in MB with two decimals; a few kilobytes read '< 0.01 MB' rather than '0.00 MB'. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  return bytes > 0 && mb < 0.005 ? '< 0.01 MB' : `${mb.toFixed(2)} MB`
}

/** The Header Images tab: the upload form above the gallery of uploaded images. */
export function HeaderImagesTab() {
  const images = useAdminImages()
  const [deleting, setDeleting] = useState<HeaderImage | null>(null)
  const gallery = useRef<HTMLUListElement>(null)

  return (
    <div className="space-y-8">
      <UploadForm />
      <section aria-labelledby="uploaded-images-heading" className="space-y-4">
        <h2 id="uploaded-images-heading" className="font-display text-xl font-semibold">
          Uploaded Images
        </h2>
        {images.isPending ? (
          <ul
            aria-busy="true"
            aria-label="Loading images"
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            {Array.from({ length: 6 }, (_, i) => (
              <li
                key={i}
                data-testid="image-skeleton"
                className="overflow-hidden rounded-xl border border-border bg-card"
              >
                <Skeleton className="aspect-video rounded-none" />
                <div className="space-y-2 p-4">
                  <Skeleton className="h-5 w-2/3" />
                  <Skeleton className="h-4 w-5/6" />
                  <Skeleton className="mt-3 h-8 w-20" />
                </div>
              </li>
            ))}
          </ul>
        ) : images.isError ? (
          <p role="alert" className="rounded-xl border border-error/40 p-4 text-error">
            Failed to load images: {images.error.message}
          </p>
        ) : !images.data.length ? (
          <div
            role="status"
            className="rounded-xl border border-dashed border-border px-6 py-10 text-center"
          >
            <p className="font-medium">No images uploaded yet.</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Upload your first image to get started.
            </p>
          </div>
        ) : (
          <ul
            ref={gallery}
            tabIndex={-1}
            aria-label="Uploaded images"
            className="grid gap-4 focus:outline-none sm:grid-cols-2 lg:grid-cols-3"
          >
            {images.data.map((image) => (
              <ImageCard key={image.key} image={image} onDelete={() => setDeleting(image)} />
            ))}
          </ul>
        )}
      </section>
      <DeleteDialog
        item={deleting}
        onClose={() => {
          setDeleting(null)
          // Cancelled: focus is back on the card's Delete button. Deleted: the card is gone, and
          // focus goes to the gallery instead of the top of the page.
          setTimeout(() => {
            const active = document.activeElement
            if (!active || active === document.body) gallery.current?.focus()
          }, 0)
        }}
        title="Confirm Deletion"
        message={(image) =>
          `Are you sure you want to delete the image "${image.title || image.name}"? This action cannot be undone.`
        }
        remove={(image) =>
          callApi(
            API_PATHS.deleteImage,
            { key: image.key },
            { fallbackMessage: 'Failed to delete image' },
          )
        }
        resource="images"
        success="Image deleted successfully."
        failure="Failed to delete image"
      />
    </div>
  )
}

function ImageCard({ image, onDelete }: { image: HeaderImage; onDelete: () => void }) {
  const title = image.title || image.name
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground">
      <RemoteImage
        src={image.url}
        srcSet={image.srcset || undefined}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        width={image.width}
        height={image.height}
        alt={title}
        className="aspect-video w-full"
      />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-medium break-words">{title}</h3>
        {image.description && (
          <p className="text-sm break-words text-muted-foreground">{image.description}</p>
        )}
        <div className="mt-auto pt-3">
          <Button
            variant="outline"
            size="sm"
            onClick={onDelete}
            aria-label={`Delete ${title}`}
            className="text-error"
          >
            Delete
          </Button>
        </div>
      </div>
    </li>
  )
}

interface Chosen {
  file: File
  preview: string
}

type Progress = { fraction: number } | null

function UploadForm() {
  const refresh = useRefreshAdmin()
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const chooseButton = useRef<HTMLButtonElement>(null)
  const titleInput = useRef<HTMLInputElement>(null)
  const submitButton = useRef<HTMLButtonElement>(null)
  const abort = useRef<AbortController | null>(null)
  /** The title last filled in from a file name. */
  const autoTitle = useRef('')
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [fileError, setFileError] = useState<string | null>(null)
  const [titleError, setTitleError] = useState<string | null>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [succeeded, setSucceeded] = useState(false)
  const [progress, setProgress] = useState<Progress>(null)
  const [dragging, setDragging] = useState(false)
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null)
  const busy = progress !== null

  // The preview's object URL lives as long as the selection: released when the selection
  // changes and when the form goes away.
  const previewUrl = useRef<string | null>(null)
  const select = (next: Chosen | null) => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current)
    previewUrl.current = next?.preview ?? null
    setChosen(next)
  }
  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current)
      previewUrl.current = null
    },
    [],
  )
  // Leaving the tab mid-upload stops the upload.
  useEffect(() => () => abort.current?.abort(), [])

  const ids = {
    file: `${id}-file`,
    hint: `${id}-file-hint`,
    title: `${id}-title`,
    description: `${id}-description`,
    progress: `${id}-progress`,
  }

  function choose(files: File[]) {
    if (busy) return
    setSucceeded(false)
    setUploadError(null)
    if (files.length === 0) return
    if (files.length > 1) {
      setFileError('Upload one image at a time.')
      return
    }
    const file = files[0]!
    const problem = imageFileError(file)
    setFileError(problem)
    if (problem) {
      select(null)
      if (fileInput.current) fileInput.current.value = ''
      return
    }
    // The title follows the file until the admin writes one of their own.
    if (!title.trim() || title === autoTitle.current) {
      const next = titleFromFileName(file.name)
      setTitle(next)
      if (next) setTitleError(null)
      autoTitle.current = next
    }
    select({ file, preview: URL.createObjectURL(file) })
  }

  function clearFile() {
    select(null)
    if (fileInput.current) fileInput.current.value = ''
    chooseButton.current?.focus()
  }

  const validateTitle = (value: string) => (value.trim() ? null : M.titleRequired)

  async function submit() {
    if (busy) return
    setSucceeded(false)
    setUploadError(null)
    const noFile = chosen ? null : M.imageRequired
    const badTitle = validateTitle(title)
    setFileError(noFile)
    setTitleError(badTitle)
    if (noFile) {
      chooseButton.current?.focus()
      return
    }
    if (badTitle) {
      titleInput.current?.focus()
      return
    }
    const body = new FormData()
    body.append('image', chosen!.file)
    body.append('title', title.trim())
    if (description.trim()) body.append('description', description.trim())
    const controller = new AbortController()
    abort.current = controller
    setProgress({ fraction: 0 })
    try {
      await callApi(API_PATHS.uploadImage, body, {
        fallbackMessage: M.uploadFailed,
        signal: controller.signal,
        onUploadProgress: (fraction) => setProgress({ fraction }),
      })
      select(null)
      setTitle('')
      setDescription('')
      if (fileInput.current) fileInput.current.value = ''
      setProgress(null)
      setSucceeded(true)
      await refresh('images')
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return
      // No answer at all (status 0): the server never said what went wrong.
      if (error instanceof ApiRequestError && error.status !== 0) {
        const titleProblem = error.details?.title?.[0]
        if (titleProblem) setTitleError(titleProblem)
        setUploadError(error.message || M.uploadFailed)
      } else {
        setUploadError(M.uploadUnknown)
      }
    } finally {
      abort.current = null
      setProgress(null)
    }
  }

  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="font-display text-xl font-semibold">
          Upload New Header Image
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Header images appear in the home page carousel, newest first.
        </p>
        <form
          noValidate
          className="mt-5 grid gap-6 md:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={ids.file}>
              Image <span aria-hidden="true">*</span>
            </Label>
            {chosen ? (
              <div className="space-y-2">
                <div className="relative overflow-hidden rounded-lg border border-border bg-muted">
                  {brokenPreview === chosen.preview ? (
                    <p className="flex aspect-video items-center justify-center p-4 text-center text-sm text-muted-foreground">
                      No preview available for this file.
                    </p>
                  ) : (
                    <img
                      src={chosen.preview}
                      alt={`Preview of ${chosen.file.name}`}
                      onError={() => setBrokenPreview(chosen.preview)}
                      className="aspect-video w-full object-contain"
                    />
                  )}
                  <button
                    type="button"
                    onClick={clearFile}
                    disabled={busy}
                    aria-label="Remove selected image"
                    className="absolute top-2 right-2 inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-full bg-black/70 text-white hover:bg-black/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50"
                  >
                    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
                      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
                    </svg>
                  </button>
                </div>
                <p
                  className="flex flex-wrap items-baseline gap-x-2 text-sm"
                  data-testid="file-info"
                >
                  <span className="font-medium break-all">{chosen.file.name}</span>
                  <span className="text-muted-foreground">{formatMegabytes(chosen.file.size)}</span>
                </p>
                <Button
                  ref={chooseButton}
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() => fileInput.current?.click()}
                >
                  Choose another image
                </Button>
              </div>
            ) : (
              <div
                onDragOver={(e) => {
                  e.preventDefault()
                  if (!busy) setDragging(true)
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={(e) => {
                  e.preventDefault()
                  setDragging(false)
                  choose([...e.dataTransfer.files])
                }}
                className={cn(
                  'flex aspect-video flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed border-border p-4 text-center text-sm',
                  dragging && 'border-ring bg-muted',
                  fileError && 'border-error',
                )}
              >
                <svg
                  viewBox="0 0 24 24"
                  className="h-10 w-10 text-muted-foreground"
                  fill="none"
                  aria-hidden="true"
                >
                  <path
                    d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v2a2 2 0 002 2h12a2 2 0 002-2v-2"
                    stroke="currentColor"
                    strokeWidth="1.5"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <p className="text-muted-foreground">Drop an image here, or</p>
                <Button
                  ref={chooseButton}
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() => fileInput.current?.click()}
                  aria-describedby={[ids.hint, fileError && `${ids.file}-error`]
                    .filter(Boolean)
                    .join(' ')}
                >
                  Choose image
                </Button>
                <p id={ids.hint} className="text-xs text-muted-foreground">
                  PNG, JPG, WEBP up to 5MB
                </p>
              </div>
            )}
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              {...fieldProps(ids.file, fileError ?? undefined, ids.hint)}
              onChange={(e) => choose([...(e.target.files ?? [])])}
            />
            <FieldError id={`${ids.file}-error`} message={fileError ?? undefined} />
          </div>

          <div className="flex flex-col gap-4">
            <div className="space-y-1.5">
              <Label htmlFor={ids.title}>
                Title <span aria-hidden="true">*</span>
              </Label>
              <Input
                ref={titleInput}
                value={title}
                maxLength={TITLE_MAX}
                autoComplete="off"
                aria-required="true"
                disabled={busy}
                {...fieldProps(ids.title, titleError ?? undefined)}
                onChange={(e) => {
                  setTitle(e.target.value)
                  if (titleError) setTitleError(validateTitle(e.target.value))
                }}
                onBlur={() => setTitleError(validateTitle(title))}
              />
              <FieldError id={`${ids.title}-error`} message={titleError ?? undefined} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.description}>Description</Label>
              <Textarea
                id={ids.description}
                rows={3}
                value={description}
                maxLength={DESCRIPTION_MAX}
                disabled={busy}
                onChange={(e) => setDescription(e.target.value)}
              />
            </div>

            {progress && (
              <UploadProgress
                id={ids.progress}
                fraction={progress.fraction}
                doneLabel="Processing image…"
              />
            )}

            <UploadActions
              busy={busy}
              label="Upload Image"
              submitRef={submitButton}
              onCancel={() => {
                abort.current?.abort()
                submitButton.current?.focus()
              }}
              success={succeeded ? M.uploadSuccess : null}
              error={uploadError}
            />
          </div>
        </form>
      </section>
    </Card>
  )
}
