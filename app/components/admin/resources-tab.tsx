import { useEffect, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import {
  humanSize,
  RESOURCE_DESCRIPTION_MAX,
  RESOURCE_MAX_BYTES,
  RESOURCE_MESSAGES as M,
  RESOURCE_TITLE_MAX,
  RESOURCES_LIMIT_MAX,
  type Resource,
  resourceTypeLabel,
} from '../../../contracts/resource-constants.ts'
import { ApiRequestError, callApi } from '../../lib/api.ts'
import { cn } from '../../lib/cn.ts'
import { useApiForm } from '../../lib/form.ts'
import { useApi } from '../../lib/store.ts'
import { settled } from '../../lib/api-result.ts'
import { Card } from '../ui/card.tsx'
import { Dialog, FormActions } from '../ui/dialog.tsx'
import { FormField, fieldProps } from '../ui/form-field.tsx'
import { FieldError, Input, Label, Textarea } from '../ui/input.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { RowMenu } from '../ui/row-menu.tsx'
import { ActionsTd, ActionsTh, MessageRow, SkeletonRows, Table, Td, Th } from '../ui/table.tsx'
import { messageOf, useRefreshAdmin } from './admin-api.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { Pager } from './pager.tsx'
import { ChosenFile, UploadActions, UploadProgress } from './upload-parts.tsx'

/** What the file picker offers; the server decides by the file's first bytes, not by this. */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.zip,.fits,.fit,.fts'
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }
const UPLOAD_FAILED = 'Upload failed. Please try again.'

/** The Resources tab: the upload form above the list of files members can download. */
export function ResourcesTab() {
  const [page, setPage] = useState(1)
  const list = settled(
    useApi(
      API_PATHS.listResources,
      { page, limit: RESOURCES_LIMIT_MAX },
      { keepPrevious: true, fallbackMessage: 'Failed to fetch resources' },
    ),
  )
  const rows = list.data?.resources
  const refresh = useRefreshAdmin()
  const [editing, setEditing] = useState<Resource | null>(null)
  const [deleting, setDeleting] = useState<Resource | null>(null)
  const columns = 6

  return (
    <div className="space-y-8">
      <UploadForm />
      <section aria-labelledby="resources-heading" className="space-y-4">
        <h2 id="resources-heading" className="font-display text-xl font-semibold">
          Member Resources
        </h2>
        <Table label="Member resources">
          <thead>
            <tr>
              <Th>Title</Th>
              <Th>Type</Th>
              <Th>Size</Th>
              <Th>Uploaded</Th>
              <Th>Downloads</Th>
              <ActionsTh />
            </tr>
          </thead>
          <tbody>
            {list.isPending ? (
              <SkeletonRows rows={3} columns={columns} />
            ) : list.isError ? (
              <MessageRow columns={columns} error>
                Error fetching resources: {list.error.message}
              </MessageRow>
            ) : !rows?.length ? (
              <MessageRow columns={columns}>No resources uploaded yet.</MessageRow>
            ) : (
              rows.map((resource) => (
                <tr key={resource.id}>
                  <Td>
                    <span className="font-medium break-words">{resource.title}</span>
                    <span className="block text-xs break-all text-muted-foreground">
                      {resource.fileName}
                    </span>
                  </Td>
                  <Td>{resourceTypeLabel(resource.contentType)}</Td>
                  <Td className="whitespace-nowrap">{humanSize(resource.size)}</Td>
                  <Td className="whitespace-nowrap">
                    <LocalDate iso={resource.createdAt} options={DATE} />
                  </Td>
                  <Td data-testid="download-count">{resource.downloadCount ?? 0}</Td>
                  <ActionsTd>
                    <RowMenu
                      label={`Actions for ${resource.title}`}
                      actions={[
                        { label: 'Edit', onSelect: () => setEditing(resource) },
                        {
                          label: 'Delete',
                          destructive: true,
                          onSelect: () => setDeleting(resource),
                        },
                      ]}
                    />
                  </ActionsTd>
                </tr>
              ))
            )}
          </tbody>
        </Table>
        <Pager page={page} totalPages={list.data?.pagination.totalPages} onPage={setPage} />
      </section>
      {editing && (
        <EditDialog
          resource={editing}
          onClose={() => setEditing(null)}
          onSaved={() => refresh('resources')}
        />
      )}
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete Resource"
        message={(resource) =>
          `Are you sure you want to delete "${resource.title}" and its file? Members can no longer download it. This action cannot be undone.`
        }
        remove={(resource) =>
          callApi(
            API_PATHS.deleteResource,
            { id: resource.id },
            { fallbackMessage: 'Failed to delete resource' },
          )
        }
        resource="resources"
        success="Resource deleted successfully."
        failure="Failed to delete resource"
      />
    </div>
  )
}

function EditDialog({
  resource,
  onClose,
  onSaved,
}: {
  resource: Resource
  onClose: () => void
  onSaved: () => Promise<unknown>
}) {
  const { form, submit, busy } = useApiForm(API_PATHS.updateResource, {
    defaultValues: { title: resource.title, description: resource.description ?? '' },
    toInput: (values: { title: string; description: string }) => ({ id: resource.id, ...values }),
    fallbackMessage: 'Failed to update resource',
    onSuccess: async () => {
      await onSaved()
      toast.success('Resource updated successfully.')
      onClose()
    },
    onError: (error) =>
      toast.error(`Failed to update resource: ${messageOf(error, 'Unknown error')}`),
  })
  const { errors } = form.formState
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Edit Resource"
      description={`The file stays ${resource.fileName}; to change it, upload a new resource.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="resource-edit-title" label="Title" error={errors.title?.message}>
          <Input
            maxLength={RESOURCE_TITLE_MAX}
            {...fieldProps('resource-edit-title', errors.title?.message)}
            {...form.register('title')}
          />
        </FormField>
        <FormField
          id="resource-edit-description"
          label="Description"
          error={errors.description?.message}
        >
          <Textarea
            rows={4}
            maxLength={RESOURCE_DESCRIPTION_MAX}
            {...fieldProps('resource-edit-description', errors.description?.message)}
            {...form.register('description')}
          />
        </FormField>
        <FormActions onCancel={onClose} busy={busy} submitLabel="Save" />
      </form>
    </Dialog>
  )
}

/** The same size checks as the server's before anything is sent; the type is the server's call. */
function fileError(file: File): string | null {
  if (file.size === 0) return M.emptyFile
  if (file.size > RESOURCE_MAX_BYTES) return M.tooLarge
  return null
}

function UploadForm() {
  const refresh = useRefreshAdmin()
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const titleInput = useRef<HTMLInputElement>(null)
  const submitButton = useRef<HTMLButtonElement>(null)
  const abort = useRef<AbortController | null>(null)
  const [file, setFile] = useState<File | null>(null)
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [errors, setErrors] = useState<{ file?: string; title?: string }>({})
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [succeeded, setSucceeded] = useState(false)
  const [progress, setProgress] = useState<number | null>(null)
  const busy = progress !== null
  // Leaving the tab mid-upload stops the upload.
  useEffect(() => () => abort.current?.abort(), [])

  const ids = {
    file: `${id}-file`,
    hint: `${id}-file-hint`,
    title: `${id}-title`,
    description: `${id}-description`,
    progress: `${id}-progress`,
  }

  function choose(next: File | null) {
    setSucceeded(false)
    setUploadError(null)
    const problem = next ? fileError(next) : null
    setErrors((e) => ({ ...e, file: problem ?? undefined }))
    setFile(problem ? null : next)
    if (problem && fileInput.current) fileInput.current.value = ''
  }

  async function submit() {
    if (busy) return
    setSucceeded(false)
    setUploadError(null)
    const problems = {
      file: file ? undefined : M.fileRequired,
      title: title.trim() ? undefined : M.titleRequired,
    }
    setErrors(problems)
    if (problems.file) return fileInput.current?.focus()
    if (problems.title) return titleInput.current?.focus()
    // The file goes last: the server reads the fields, then streams the file to storage.
    const body = new FormData()
    body.append('title', title.trim())
    if (description.trim()) body.append('description', description.trim())
    body.append('file', file!)
    const controller = new AbortController()
    abort.current = controller
    setProgress(0)
    try {
      await callApi(API_PATHS.uploadResource, body, {
        fallbackMessage: UPLOAD_FAILED,
        signal: controller.signal,
        onUploadProgress: (fraction) => setProgress(fraction),
      })
      setFile(null)
      setTitle('')
      setDescription('')
      if (fileInput.current) fileInput.current.value = ''
      setSucceeded(true)
      await refresh('resources')
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return
      if (error instanceof ApiRequestError && error.status !== 0) {
        const fields = { file: error.details?.file?.[0], title: error.details?.title?.[0] }
        setErrors(fields)
        // A field's problem is told under the field, once.
        if (!fields.file && !fields.title) setUploadError(error.message || UPLOAD_FAILED)
      } else {
        setUploadError(UPLOAD_FAILED)
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
          Upload New Resource
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Signed-in members see it on the Member Resources page and can download it.
        </p>
        <form
          noValidate
          className="mt-5 grid gap-5 md:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={ids.file}>
              File <span aria-hidden="true">*</span>
            </Label>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPT}
              disabled={busy}
              aria-required="true"
              {...fieldProps(ids.file, errors.file, ids.hint)}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
              className={cn(
                'block w-full cursor-pointer rounded-md border border-input bg-background text-sm file:mr-3 file:cursor-pointer file:border-0 file:bg-muted file:px-3 file:py-2 file:font-medium file:text-foreground',
                errors.file && 'border-error',
              )}
            />
            <p id={ids.hint} className="text-xs text-muted-foreground">
              PDF, PNG, JPEG, WebP, ZIP or FITS, up to 50 MB. The type is checked from the file's
              content.
            </p>
            {file && <ChosenFile file={file} testId="file-info" />}
            <FieldError id={`${ids.file}-error`} message={errors.file} />
          </div>
          <div className="flex flex-col gap-4">
            <div className="space-y-1.5">
              <Label htmlFor={ids.title}>
                Title <span aria-hidden="true">*</span>
              </Label>
              <Input
                ref={titleInput}
                value={title}
                maxLength={RESOURCE_TITLE_MAX}
                autoComplete="off"
                aria-required="true"
                disabled={busy}
                {...fieldProps(ids.title, errors.title)}
                onChange={(e) => setTitle(e.target.value)}
              />
              <FieldError id={`${ids.title}-error`} message={errors.title} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.description}>Description</Label>
              <Textarea
                id={ids.description}
                rows={3}
                value={description}
                maxLength={RESOURCE_DESCRIPTION_MAX}
                disabled={busy}
                onChange={(e) => setDescription(e.target.value)}
              />
            </div>
            {progress !== null && (
              <UploadProgress id={ids.progress} fraction={progress} doneLabel="Saving file…" />
            )}
            <UploadActions
              busy={busy}
              label="Upload Resource"
              submitRef={submitButton}
              onCancel={() => {
                abort.current?.abort()
                submitButton.current?.focus()
              }}
              success={succeeded ? 'Resource uploaded successfully.' : null}
              error={uploadError}
            />
          </div>
        </form>
      </section>
    </Card>
  )
}
