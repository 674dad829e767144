import { lazy, Suspense, useState } from 'react'
import { toast } from 'sonner'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { callApi } from '../../lib/api.ts'
import { cn } from '../../lib/cn.ts'
import { useAuth } from '../../lib/auth.ts'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'
import { failureMessage } from './account-queries.ts'

// Loaded when the member asks for it: the dialog is not part of the profile's first load.
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog.tsx'))

/** The file's name, with the member's own date: `my-data-2026-11-26.json`. */
function exportFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `my-data-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`
}

/**
 * Fetches the export and saves it. A refusal (the hourly limit, a lost session) is a toast with
 * the server's message, never an error page saved as the file.
 */
async function downloadMyData(): Promise<void> {
  const data = await callApi(API_PATHS.exportMyData, {})
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  )
  const link = document.createElement('a')
  link.href = url
  link.download = exportFileName()
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** /profile's "Your data": download everything the site keeps of you, or delete your account. */
export function MyData() {
  const auth = useAuth()
  const [deleting, setDeleting] = useState(false)
  const [downloading, setDownloading] = useState(false)
  if (auth.status !== 'authenticated') return null
  return (
    <Card className="mt-8">
      <section aria-labelledby="my-data-title" className="space-y-6">
        <div>
          <h2 id="my-data-title" className="font-display text-xl font-semibold">
            Your data
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            A copy of everything the site keeps about you, or your account deleted for good.
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground sm:max-w-sm">
            One JSON file: your account, linked accounts, sessions, subscriptions, places and
            contact messages.
          </p>
          {/* aria-disabled, not disabled: the button keeps the keyboard focus while busy. */}
          <Button
            variant="outline"
            aria-disabled={downloading || undefined}
            className={cn('shrink-0', downloading && 'cursor-progress opacity-50')}
            onClick={() => {
              if (downloading) return
              setDownloading(true)
              downloadMyData()
                .catch((error: unknown) =>
                  toast.error(failureMessage('Failed to download your data', error)),
                )
                .finally(() => setDownloading(false))
            }}
          >
            {downloading ? 'Preparing...' : 'Download my data'}
          </Button>
        </div>
        <div className="flex flex-col gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground sm:max-w-sm">
            Deletes your account, sessions, linked accounts, avatar, subscriptions and contact
            messages. This cannot be undone.
          </p>
          <Button variant="destructive" className="shrink-0" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        </div>
      </section>
      {deleting && (
        <Suspense>
          <DeleteAccountDialog email={auth.user.email} onClose={() => setDeleting(false)} />
        </Suspense>
      )}
    </Card>
  )
}
