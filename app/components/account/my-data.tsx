import { lazy, Suspense, useState } from 'react'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { useAuth } from '../../lib/auth.ts'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'

// Loaded when the member asks for it: the dialog is not part of the profile's first load.
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog.tsx'))

const EXPORT_HREF = `/_api${API_PATHS.exportMyData.path}`

/** /profile's "Your data": download everything the site keeps of you, or delete your account. */
export function MyData() {
  const auth = useAuth()
  const [deleting, setDeleting] = useState(false)
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
          <Button variant="outline" asChild className="shrink-0">
            <a href={EXPORT_HREF} download>
              Download my data
            </a>
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
