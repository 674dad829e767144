import { type ComponentProps, useState } from 'react'
import { toast } from 'sonner'
import type { PostVisibility } from '../../../contracts/blog-constants.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import type { ResponseOf } from '../../../contracts/endpoint.ts'
import { callApi } from '../../lib/api.ts'
import { cn } from '../../lib/cn.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { messageOf } from './admin-api.ts'

const AUDIENCE_HINTS: Record<PostVisibility, string> = {
  public: 'Every subscriber who gets new posts receives it.',
  members: 'A members-only post goes to member subscribers only.',
  'early-access':
    'Early access: member subscribers get it at once, everyone else at the public date.',
}

type Preview = ResponseOf<typeof API_PATHS.previewNewsletterMail>

/**
 * The editor's e-mail settings of a post: whether subscribers get it, and a test mail to oneself
 * and a preview of the mail, both of the post as last saved.
 */
export function PostNewsletterFields({
  idPrefix,
  postId,
  visibility,
  dirty,
  checkbox,
}: {
  idPrefix: string
  /** Null for a post not saved yet: there is no mail to test or preview. */
  postId: string | null
  visibility: PostVisibility
  dirty: boolean
  /** The form's registration of `emailSubscribers`. */
  checkbox: ComponentProps<'input'>
}) {
  const id = `${idPrefix}-email-subscribers`
  const [testing, setTesting] = useState(false)
  const [loadingPreview, setLoadingPreview] = useState(false)
  const [preview, setPreview] = useState<Preview | null>(null)
  const savedHint = !postId
    ? 'Save the post first to send a test or preview the e-mail.'
    : dirty
      ? 'The test and the preview show the post as last saved.'
      : null

  async function sendTest() {
    if (!postId) return
    setTesting(true)
    try {
      const sent = await callApi(
        API_PATHS.sendNewsletterTest,
        { postId },
        { fallbackMessage: 'Failed to send the test e-mail' },
      )
      toast.success(sent.message)
    } catch (error) {
      toast.error(messageOf(error, 'Failed to send the test e-mail'))
    } finally {
      setTesting(false)
    }
  }

  async function openPreview() {
    if (!postId) return
    setLoadingPreview(true)
    try {
      setPreview(
        await callApi(
          API_PATHS.previewNewsletterMail,
          { postId },
          { fallbackMessage: 'Failed to preview the e-mail' },
        ),
      )
    } catch (error) {
      toast.error(messageOf(error, 'Failed to preview the e-mail'))
    } finally {
      setLoadingPreview(false)
    }
  }

  return (
    <fieldset className="space-y-3 rounded-lg border border-border p-4">
      <legend className="px-1 font-semibold">E-mail</legend>
      <div className="flex items-start gap-2">
        <input
          type="checkbox"
          id={id}
          aria-describedby={`${id}-hint`}
          className="mt-0.5 h-4 w-4 shrink-0 accent-accent"
          {...checkbox}
        />
        <label htmlFor={id} className="text-sm font-medium">
          E-mail this post to subscribers
        </label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {AUDIENCE_HINTS[visibility]} It is sent once, when the post first becomes visible; later
        edits send nothing.
      </p>
      <div className="flex flex-wrap gap-2">
        {(
          [
            ['Send a test to me', 'Sending...', testing, sendTest],
            ['Preview e-mail', 'Loading...', loadingPreview, openPreview],
          ] as const
        ).map(([label, busyLabel, busy, action]) => (
          <Button
            key={label}
            size="sm"
            variant="outline"
            disabled={!postId || busy}
            aria-describedby={savedHint ? `${id}-saved-hint` : undefined}
            onClick={action}
          >
            {busy ? busyLabel : label}
          </Button>
        ))}
      </div>
      {savedHint && (
        <p id={`${id}-saved-hint`} className="text-xs text-muted-foreground">
          {savedHint}
        </p>
      )}
      {preview && <MailPreviewDialog preview={preview} onClose={() => setPreview(null)} />}
    </fieldset>
  )
}

const PARTS = { html: 'HTML', text: 'Plain text' } as const
type Part = keyof typeof PARTS

/** The mail as subscribers get it: its HTML in a sandboxed frame, or its plain-text part. */
function MailPreviewDialog({ preview, onClose }: { preview: Preview; onClose: () => void }) {
  const [part, setPart] = useState<Part>('html')
  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => !open && onClose()}
      title="E-mail preview"
      description={`Subject: ${preview.subject}`}
    >
      <div className="flex h-full min-h-0 flex-col gap-3">
        <div
          role="group"
          aria-label="Part of the e-mail"
          className="flex w-fit gap-1 rounded-lg border border-border bg-muted p-1"
        >
          {(Object.keys(PARTS) as Part[]).map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={part === p}
              onClick={() => setPart(p)}
              className={cn(
                'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground',
                part === p && 'bg-card text-foreground shadow-sm',
              )}
            >
              {PARTS[p]}
            </button>
          ))}
        </div>
        {part === 'html' ? (
          // No scripts, no same origin, no forms: the mail is shown, never run.
          <iframe
            title={`E-mail preview: ${preview.subject}`}
            sandbox=""
            srcDoc={preview.html}
            className="h-[70dvh] w-full rounded-lg border border-border bg-white"
          />
        ) : (
          <pre
            data-testid="mail-preview-text"
            className="h-[70dvh] overflow-auto rounded-lg border border-border bg-card p-4 font-mono text-sm break-words whitespace-pre-wrap"
          >
            {preview.text}
          </pre>
        )}
      </div>
    </Dialog>
  )
}
