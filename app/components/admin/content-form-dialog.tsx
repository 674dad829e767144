import { Popover } from 'radix-ui'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { z } from 'zod'
import { type BlogPost, type PostVisibility } from '../../../contracts/blog-constants.ts'
import { CONTENT_MESSAGES } from '../../../contracts/content-messages.ts'
import { CONTENT_STATUSES, type ContentStatus } from '../../../contracts/common-constants.ts'
import type { ContentPage } from '../../../contracts/pages.ts'
import { slugFromTitle } from '../../../contracts/slug.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { ApiRequestError } from '../../lib/api.ts'
import { useApiForm } from '../../lib/form.ts'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { FormField, fieldProps } from '../ui/form-field.tsx'
import { Input, Textarea } from '../ui/input.tsx'
import { useRefreshAdmin } from './admin-api.ts'
import { clearDraft, draftKey, readDraft, writeDraft } from './drafts.ts'
import { PostNewsletterFields } from './post-newsletter-fields.tsx'
import { RichTextField } from './rich-text-field.tsx'

export type ContentKind = 'post' | 'page'

export const CONTENT_KINDS = {
  post: {
    api: {
      get: API_PATHS.getPost,
      create: API_PATHS.createPost,
      update: API_PATHS.updatePost,
      remove: API_PATHS.deletePost,
    },
    noun: 'blog post',
    created: 'Blog post created successfully.',
    updated: 'Blog post updated successfully.',
    deleted: 'Blog post deleted successfully.',
    deleteFailed: 'Failed to delete post',
    deleteTitle: 'Delete Blog Post',
  },
  page: {
    api: {
      get: API_PATHS.getPage,
      create: API_PATHS.createPage,
      update: API_PATHS.updatePage,
      remove: API_PATHS.deletePage,
    },
    noun: 'page',
    created: 'Page created successfully.',
    updated: 'Page updated successfully.',
    deleted: 'Page deleted successfully.',
    deleteFailed: 'Failed to delete page',
    deleteTitle: 'Delete Page',
  },
} as const

export const SAVE_FAILED = 'Failed to save'
export const UNKNOWN_ERROR = 'An unknown error occurred.'

function textOf(html: string): string {
  return html
    .replace(/<(img|iframe)\b/gi, ' x<$1')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim()
}

/** What the inputs hold: text as typed; `payload` makes the post or page sent from it. */
export interface ContentFormValues {
  title: string
  slug: string
  content: string
  status: ContentStatus
  publishedAt: string
  excerpt: string
  featuredImageUrl: string
  tags: string
  metaDescription: string
  visibility: PostVisibility
  /** Local date-time text, as publishedAt: when an early-access post opens to everyone. */
  publicAt: string
  /** A post only: e-mail it to the newsletter's subscribers when it first becomes visible. */
  emailSubscribers: boolean
}

const VISIBILITY_LABELS: Record<PostVisibility, string> = {
  public: 'Public',
  members: 'Members only',
  'early-access': 'Early access',
}

/**
 * The form's schema from the post's or page's contract: the fields it types as the contract does
 * are checked by the contract's rules; the slug shown must not be empty (a new item's follows its
 * title) and the editor's empty paragraph counts as no content.
 */
function formSchema(input: z.ZodObject) {
  const field = (name: string) => input.shape[name] ?? z.string()
  return z.object({
    title: field('title'),
    slug: z.string().trim().min(1, { error: 'Slug is required' }).pipe(field('slug')),
    content: field('content').refine((html: unknown) => textOf(String(html)) !== '', {
      error: CONTENT_MESSAGES.contentRequired,
    }),
    status: field('status'),
    // Local date-time text, a list of tags as text: their parts are checked once sent.
    publishedAt: z.string(),
    publicAt: z.string(),
    visibility: field('visibility'),
    tags: z.string(),
    excerpt: field('excerpt'),
    featuredImageUrl: field('featuredImageUrl'),
    metaDescription: field('metaDescription'),
    emailSubscribers: z.boolean(),
  })
}

/** Comma-separated text to a tag list: split, trimmed, empties dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
}

function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export type ContentRecord = (BlogPost | ContentPage) & { id: string }

function initialValues(record: ContentRecord | null): ContentFormValues {
  const post = record as Partial<BlogPost> | null
  const page = record as Partial<ContentPage> | null
  return {
    title: record?.title ?? '',
    slug: record?.slug ?? '',
    content: record?.content ?? '',
    status: (record?.status as ContentStatus | undefined) ?? 'draft',
    publishedAt: toLocalInput(record?.publishedAt ?? null),
    excerpt: post?.excerpt ?? '',
    featuredImageUrl: post?.featuredImageUrl ?? '',
    tags: (post?.tags ?? []).join(', '),
    metaDescription: page?.metaDescription ?? '',
    visibility: post?.visibility ?? 'public',
    publicAt: toLocalInput(post?.publicAt ?? null),
    // On for a new post; a saved one keeps what was chosen.
    emailSubscribers: record ? !!post?.emailSubscribers : true,
  }
}

/**
 * What the form sends. The slug goes only when the author typed it: otherwise the server makes
 * it from the title, with `-2`, `-3`… when another item has it, and an edit keeps the stored one.
 */
function payload(kind: ContentKind, v: ContentFormValues, slugTyped: boolean) {
  const common = {
    title: v.title.trim(),
    ...(slugTyped ? { slug: v.slug.trim() } : {}),
    content: v.content,
    status: v.status,
    publishedAt: v.publishedAt ? new Date(v.publishedAt).toISOString() : null,
  }
  return kind === 'post'
    ? {
        ...common,
        excerpt: v.excerpt.trim() || null,
        featuredImageUrl: v.featuredImageUrl.trim() || null,
        tags: parseTags(v.tags),
        visibility: v.visibility,
        // Left empty for an early-access post, the server says the date is needed.
        publicAt:
          v.visibility === 'early-access' && v.publicAt ? new Date(v.publicAt).toISOString() : null,
        emailSubscribers: v.emailSubscribers,
      }
    : { ...common, metaDescription: v.metaDescription.trim() || null }
}

const SLUG_PREVIEW_HINT = 'Made from the title; if it is taken, the saved slug ends in -2, -3…'

/** The slug the server will make from this title (before any suffix); empty while there is none. */
function previewSlug(title: string, kind: ContentKind): string {
  return title.trim() ? slugFromTitle(title, kind) : ''
}

const FIELDS = new Set<string>([
  'title',
  'slug',
  'content',
  'status',
  'publishedAt',
  'excerpt',
  'featuredImageUrl',
  'tags',
  'metaDescription',
  'visibility',
  'publicAt',
  'emailSubscribers',
] satisfies Array<keyof ContentFormValues>)

/**
 * Create or edit a post or a page. Unsaved values are kept in the browser as the author types;
 * closing with changes asks first.
 */
export function ContentFormDialog({
  kind,
  record,
  title,
  onClose,
}: {
  kind: ContentKind
  record: ContentRecord | null
  title: string
  onClose: () => void
}) {
  const meta = CONTENT_KINDS[kind]
  const refresh = useRefreshAdmin()
  const key = draftKey(kind, record?.id ?? null)
  const initial = useMemo(() => initialValues(record), [record])
  const { form, submit, busy } = useApiForm(record ? meta.api.update : meta.api.create, {
    defaultValues: initial,
    schema: formSchema,
    toInput: (v: ContentFormValues) => {
      const fields = payload(kind, v, !!form.formState.dirtyFields.slug)
      return record ? { id: record.id, ...fields } : fields
    },
    fallbackMessage: SAVE_FAILED,
    conflict: { field: 'slug' },
    onSuccess: async () => {
      clearDraft(key)
      await refresh(kind === 'post' ? 'posts' : 'pages')
      toast.success(record ? meta.updated : meta.created)
      onClose()
    },
    onError: (error) =>
      toast.error(
        error instanceof ApiRequestError ? `${SAVE_FAILED}: ${error.message}` : UNKNOWN_ERROR,
      ),
  })
  const { errors, isDirty, dirtyFields } = form.formState
  // A draft left from an earlier visit comes back, with a note saying so.
  const [draft] = useState(() => readDraft<ContentFormValues>(key))
  const [restoredAt, setRestoredAt] = useState<string | null>(draft?.savedAt ?? null)
  const [confirmClose, setConfirmClose] = useState(false)
  useEffect(() => {
    if (!draft) return
    const { title: draftTitle = '', slug: draftSlug } = draft.values
    for (const [name, value] of Object.entries(draft.values)) {
      // A new item's slug that still followed its title stays a preview, not a typed slug.
      if (name === 'slug' && !record && draftSlug === previewSlug(draftTitle, kind)) continue
      if (FIELDS.has(name))
        form.setValue(name as keyof ContentFormValues, value as string | boolean, {
          shouldDirty: true,
        })
    }
  }, [draft, form, record, kind])

  const values = useWatch({ control: form.control })
  useEffect(() => {
    const timer = setTimeout(() => {
      if (form.formState.isDirty) writeDraft(key, form.getValues())
    }, 300)
    return () => clearTimeout(timer)
  }, [values, key, form])

  // A new item's slug follows its title, as a preview of the server's, until the author edits it.
  const titleValue = values.title ?? ''
  const slugPreviewed = !record && !dirtyFields.slug
  useEffect(() => {
    if (!slugPreviewed) return
    form.setValue('slug', previewSlug(titleValue, kind), {
      shouldValidate: !!form.formState.errors.slug,
    })
  }, [titleValue, slugPreviewed, kind, form])

  function requestClose() {
    if (busy) return
    if (isDirty) setConfirmClose(true)
    else onClose()
  }

  function discard() {
    clearDraft(key)
    onClose()
  }

  const err = (name: keyof ContentFormValues) => errors[name]?.message
  const id = (name: string) => `${kind}-${name}`

  return (
    <>
      <Dialog
        open
        wide
        onOpenChange={(open) => !open && requestClose()}
        title={title}
        description={
          kind === 'post'
            ? 'Write the post, then choose its settings.'
            : 'Write the page, then choose its settings.'
        }
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-6">
          {restoredAt && (
            <div
              role="status"
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
            >
              <span>
                Restored your unsaved changes from {new Date(restoredAt).toLocaleString()}.
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  clearDraft(key)
                  form.reset(initial)
                  setRestoredAt(null)
                }}
              >
                Discard draft
              </Button>
            </div>
          )}
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
            <div className="min-w-0 space-y-4">
              <FormField id={id('title')} label="Title" error={err('title')}>
                <Input {...fieldProps(id('title'), err('title'))} {...form.register('title')} />
              </FormField>
              {/* A restored draft is in the form a render before the editor mounts inside the
                  dialog's portal; discarding the draft makes a new editor on the saved text. */}
              <RichTextField
                control={form.control}
                name="content"
                id={id('content')}
                label="Content"
                error={err('content')}
                editorKey={restoredAt ?? 'saved'}
              />
            </div>
            <aside className="space-y-6">
              <fieldset className="space-y-4 rounded-lg border border-border p-4">
                <legend className="px-1 font-semibold">Settings</legend>
                <FormField
                  id={id('slug')}
                  label="Slug"
                  error={err('slug')}
                  hint={slugPreviewed ? SLUG_PREVIEW_HINT : undefined}
                >
                  <Input
                    {...fieldProps(
                      id('slug'),
                      err('slug'),
                      slugPreviewed ? `${id('slug')}-hint` : undefined,
                    )}
                    {...form.register('slug')}
                  />
                </FormField>
                <FormField id={id('status')} label="Status" error={err('status')}>
                  <select
                    {...fieldProps(id('status'), err('status'))}
                    {...form.register('status')}
                    className="h-10 w-full rounded-lg border border-border bg-background px-3 text-sm"
                  >
                    {CONTENT_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {s[0]!.toUpperCase() + s.slice(1)}
                      </option>
                    ))}
                  </select>
                </FormField>
                <Controller
                  control={form.control}
                  name="publishedAt"
                  render={({ field }) => (
                    <DatePicker
                      id={id('published-at')}
                      value={field.value}
                      onChange={field.onChange}
                    />
                  )}
                />
                {kind === 'post' && (
                  <>
                    <FormField id={id('visibility')} label="Visibility" error={err('visibility')}>
                      <select
                        {...fieldProps(id('visibility'), err('visibility'))}
                        {...form.register('visibility')}
                        className="h-10 w-full rounded-lg border border-border bg-background px-3 text-sm"
                      >
                        {Object.entries(VISIBILITY_LABELS).map(([value, label]) => (
                          <option key={value} value={value}>
                            {label}
                          </option>
                        ))}
                      </select>
                    </FormField>
                    {values.visibility === 'early-access' && (
                      <FormField
                        id={id('public-at')}
                        label="Opens to everyone on"
                        error={err('publicAt')}
                        hint="Members read it at once; everyone from this date and time."
                      >
                        <Input
                          type="datetime-local"
                          {...fieldProps(
                            id('public-at'),
                            err('publicAt'),
                            `${id('public-at')}-hint`,
                          )}
                          {...form.register('publicAt')}
                        />
                      </FormField>
                    )}
                  </>
                )}
              </fieldset>
              {kind === 'post' && (
                <PostNewsletterFields
                  idPrefix={id('newsletter')}
                  postId={record?.id ?? null}
                  visibility={values.visibility ?? 'public'}
                  dirty={isDirty}
                  checkbox={form.register('emailSubscribers')}
                />
              )}
              {kind === 'post' ? (
                <fieldset className="space-y-4 rounded-lg border border-border p-4">
                  <legend className="px-1 font-semibold">Blog Details</legend>
                  <FormField id={id('excerpt')} label="Excerpt" error={err('excerpt')}>
                    <Textarea
                      rows={3}
                      {...fieldProps(id('excerpt'), err('excerpt'))}
                      {...form.register('excerpt')}
                    />
                  </FormField>
                  <FormField
                    id={id('featured-image')}
                    label="Featured image URL"
                    error={err('featuredImageUrl')}
                  >
                    <Input
                      type="url"
                      placeholder="https://…"
                      {...fieldProps(id('featured-image'), err('featuredImageUrl'))}
                      {...form.register('featuredImageUrl')}
                    />
                  </FormField>
                  <FormField
                    id={id('tags')}
                    label="Tags"
                    error={err('tags')}
                    hint="Separate tags with commas."
                  >
                    <Input
                      {...fieldProps(id('tags'), err('tags'), `${id('tags')}-hint`)}
                      placeholder="moon, telescopes"
                      {...form.register('tags')}
                    />
                  </FormField>
                </fieldset>
              ) : (
                <fieldset className="space-y-4 rounded-lg border border-border p-4">
                  <legend className="px-1 font-semibold">SEO</legend>
                  <FormField
                    id={id('meta')}
                    label="Meta description"
                    error={err('metaDescription')}
                  >
                    <Textarea
                      rows={3}
                      {...fieldProps(id('meta'), err('metaDescription'))}
                      {...form.register('metaDescription')}
                    />
                  </FormField>
                </fieldset>
              )}
            </aside>
          </div>
          <div className="sticky -bottom-4 -mx-5 -mb-4 flex flex-col-reverse gap-2 border-t border-border bg-background px-5 py-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={requestClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title="Discard unsaved changes?"
        message={`Your changes to this ${meta.noun} have not been saved.`}
        note="Keep editing to save them; they stay in this browser until you save or discard them."
        confirmLabel="Discard changes"
        busyLabel="Discarding..."
        onConfirm={async () => {
          discard()
          return true
        }}
      />
    </>
  )
}

/** 'Select date' until a date is chosen; then the chosen local date and time, with Clear. */
function DatePicker({
  id,
  value,
  onChange,
}: {
  id: string
  value: string
  onChange: (v: string) => void
}) {
  const [open, setOpen] = useState(false)
  // The dialog around the field: the picker stays inside its box, not merely inside the window.
  const [dialog, setDialog] = useState<Element | null>(null)
  const findDialog = useCallback(
    (el: HTMLElement | null) => setDialog(el?.closest('[role="dialog"]') ?? null),
    [],
  )
  const label = value
    ? new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : 'Select date'
  return (
    <div className="space-y-1.5" ref={findDialog}>
      <span className="text-sm font-medium" id={`${id}-label`}>
        Publish date
      </span>
      <div className="flex gap-2">
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger asChild>
            <Button
              variant="outline"
              className="flex-1 justify-start"
              aria-labelledby={`${id}-label ${id}-button`}
              id={`${id}-button`}
            >
              {label}
            </Button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="start"
              sideOffset={4}
              aria-labelledby={`${id}-label`}
              collisionBoundary={dialog}
              collisionPadding={8}
              className="z-[70] w-72 max-w-[var(--radix-popover-content-available-width)] space-y-2 rounded-lg border border-border bg-background p-3 text-foreground shadow-lg"
            >
              <label htmlFor={id} className="block text-sm font-medium">
                Publish date and time
              </label>
              <Input
                id={id}
                type="datetime-local"
                value={value}
                onChange={(e) => onChange(e.target.value)}
              />
              <div className="flex justify-end">
                <Button size="sm" onClick={() => setOpen(false)}>
                  Done
                </Button>
              </div>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
        {value && (
          <Button variant="ghost" onClick={() => onChange('')} aria-label="Clear publish date">
            Clear
          </Button>
        )}
      </div>
    </div>
  )
}
