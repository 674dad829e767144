import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { MEDIA_MESSAGES as M, type Video } from '../../../contracts/media-constants.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { callApi } from '../../lib/api.ts'
import { useApiForm } from '../../lib/form.ts'
import { cn } from '../../lib/cn.ts'
import { RemoteImage } from '../ui/remote-image.tsx'
import { Button } from '../ui/button.tsx'
import { Dialog, FormActions } from '../ui/dialog.tsx'
import { FormField, fieldProps } from '../ui/form-field.tsx'
import { Input, Textarea } from '../ui/input.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { RowMenu } from '../ui/row-menu.tsx'
import { VideoCardSkeleton, watchUrl } from '../media/video-card.tsx'
import { messageOf, useAdminVideos, useRefreshAdmin } from './admin-api.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { Pager } from './pager.tsx'

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }

/**
 * After a deletion the card and its menu button are gone (the dialogs give focus back to the menu
 * button otherwise): focus goes to the grid rather than to the top of the page.
 */
function focusGridIfLost(grid: HTMLElement | null) {
  setTimeout(() => {
    const active = document.activeElement
    if (!active || active === document.body) grid?.focus()
  }, 0)
}

/** The YouTube Videos tab: sync a channel into the cache, then edit or remove cached videos. */
export function YoutubeVideosTab() {
  const [page, setPage] = useState(1)
  const videos = useAdminVideos({ page })
  const [editing, setEditing] = useState<Video | null>(null)
  const [deleting, setDeleting] = useState<Video | null>(null)
  const totalPages = videos.data?.pagination.totalPages ?? 1
  const grid = useRef<HTMLUListElement>(null)

  // After deleting the last video of the last page, show the page that is left (set while
  // rendering: React renders again at once, before anything is shown).
  if (videos.data && !videos.isPlaceholderData && page > totalPages) setPage(totalPages)

  return (
    <section aria-label="YouTube videos" className="space-y-6">
      <SyncForm onSynced={() => setPage(1)} />
      {videos.isPending ? (
        <ul aria-busy="true" aria-label="Loading videos" className={GRID}>
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} data-testid="video-skeleton">
              <VideoCardSkeleton />
            </li>
          ))}
        </ul>
      ) : videos.isError ? (
        <p role="alert" className="rounded-xl border border-error/40 p-4 text-error">
          Error fetching videos: {videos.error.message}
        </p>
      ) : !videos.data.videos.length ? (
        <p
          role="status"
          className="rounded-xl border border-dashed border-border px-6 py-10 text-center text-muted-foreground"
        >
          No videos found. Sync from a channel to get started.
        </p>
      ) : (
        <ul
          ref={grid}
          tabIndex={-1}
          className={cn(GRID, 'focus:outline-none')}
          aria-label={`Cached videos, page ${page} of ${totalPages}`}
          aria-busy={videos.isPlaceholderData || undefined}
        >
          {videos.data.videos.map((video) => (
            <VideoItem
              key={video.id}
              video={video}
              onEdit={() => setEditing(video)}
              onDelete={() => setDeleting(video)}
            />
          ))}
        </ul>
      )}
      <Pager page={page} totalPages={totalPages} onPage={setPage} />

      {editing && <EditVideoDialog video={editing} onClose={() => setEditing(null)} />}
      <DeleteDialog
        item={deleting}
        onClose={() => {
          setDeleting(null)
          focusGridIfLost(grid.current)
        }}
        title="Delete YouTube Video"
        message={(video) =>
          `Are you sure you want to delete the video "${video.title}"? This action cannot be undone.`
        }
        note="This removes the video from this site's cache only; it does not affect the video on YouTube. A later sync adds it back."
        remove={(video) =>
          callApi(
            API_PATHS.deleteVideo,
            { id: video.id },
            { fallbackMessage: 'Failed to delete video' },
          )
        }
        resource="videos"
        success="Video deleted successfully."
        failure="Failed to delete video"
      />
    </section>
  )
}

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'

function SyncForm({ onSynced }: { onSynced: () => void }) {
  const refresh = useRefreshAdmin()
  const [channelId, setChannelId] = useState('')
  const [busy, setBusy] = useState(false)

  async function sync() {
    const id = channelId.trim()
    if (!id) {
      toast.error(M.channelIdPrompt)
      return
    }
    setBusy(true)
    try {
      const result = await callApi(
        API_PATHS.syncVideos,
        { channelId: id },
        { fallbackMessage: 'Sync failed' },
      )
      await refresh('videos')
      onSynced()
      toast.success(result.message)
    } catch (error) {
      toast.error(`Sync failed: ${messageOf(error, 'Unknown error')}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      noValidate
      aria-label="Sync videos from a channel"
      className="flex flex-col gap-3 sm:flex-row sm:items-center"
      onSubmit={(e) => {
        e.preventDefault()
        void sync()
      }}
    >
      <Input
        aria-label="YouTube Channel ID"
        placeholder="Enter YouTube Channel ID"
        value={channelId}
        onChange={(e) => setChannelId(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        className="font-mono placeholder:font-sans sm:max-w-sm"
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Syncing...' : 'Sync Videos'}
      </Button>
    </form>
  )
}

function VideoItem({
  video,
  onEdit,
  onDelete,
}: {
  video: Video
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <li className="flex overflow-hidden rounded-xl border border-border bg-card text-card-foreground sm:flex-col">
      <a
        href={watchUrl(video.youtubeId)}
        target="_blank"
        rel="noopener noreferrer"
        className="block aspect-video w-32 shrink-0 self-start overflow-hidden bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:w-full"
      >
        <RemoteImage
          src={video.thumbnailUrl ?? undefined}
          alt=""
          loading="lazy"
          className="h-full w-full object-cover"
        />
        <span className="sr-only">Watch “{video.title}” on YouTube (opens in a new tab)</span>
      </a>
      <div className="flex min-w-0 flex-1 items-start gap-1 p-3 sm:gap-2 sm:p-4">
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 text-sm font-medium break-words sm:text-base">
            {video.title}
          </h3>
          <p className="mt-1 text-xs text-muted-foreground sm:text-sm">
            Published: <LocalDate iso={video.publishedAt} options={DATE} />
          </p>
        </div>
        <div className="-mt-1 -mr-1 shrink-0 sm:-mr-2">
          <RowMenu
            label={`Actions for ${video.title}`}
            actions={[
              { label: 'Edit', onSelect: onEdit },
              { label: 'Delete', destructive: true, onSelect: onDelete },
            ]}
          />
        </div>
      </div>
    </li>
  )
}

function EditVideoDialog({ video, onClose }: { video: Video; onClose: () => void }) {
  const refresh = useRefreshAdmin()
  const { form, submit, busy } = useApiForm(API_PATHS.updateVideo, {
    defaultValues: { title: video.title, description: video.description ?? '' },
    toInput: ({ title, description }: { title: string; description: string }) => ({
      id: video.id,
      title,
      description: description.trim() ? description : null,
    }),
    fallbackMessage: 'Update failed',
    onSuccess: async () => {
      await refresh('videos')
      toast.success('Video updated successfully.')
      onClose()
    },
    onError: (error) => toast.error(`Update failed: ${messageOf(error, 'Unknown error')}`),
  })
  const { errors } = form.formState

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Edit Video Details"
      description="Changes apply to this site's copy of the video. The next sync from YouTube replaces them with YouTube's title and description."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="video-title" label="Title" error={errors.title?.message}>
          <Input
            autoComplete="off"
            {...fieldProps('video-title', errors.title?.message)}
            {...form.register('title')}
          />
        </FormField>
        <FormField id="video-description" label="Description" error={errors.description?.message}>
          <Textarea
            rows={6}
            {...fieldProps('video-description', errors.description?.message)}
            {...form.register('description')}
          />
        </FormField>
        <FormActions onCancel={onClose} busy={busy} submitLabel="Save Changes" />
      </form>
    </Dialog>
  )
}
