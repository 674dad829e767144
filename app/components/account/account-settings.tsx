import { PROFILE_MESSAGES } from '../../../contracts/profile.ts'
import { ApiRequestError } from '../../lib/api.ts'
import { useAuth } from '../../lib/auth.ts'
import { Card } from '../ui/card.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { useProfile } from './account-queries.ts'
import { AvatarSection } from './avatar-section.tsx'
import { ChangePasswordForm, ProfileInformationForm } from './profile-forms.tsx'

function SettingsSkeleton() {
  return (
    <Card role="status" aria-label="Loading profile" className="space-y-6">
      <span className="sr-only">Loading profile</span>
      <Skeleton className="h-6 w-48" />
      <div className="flex items-center gap-5">
        <Skeleton className="h-24 w-24 rounded-full" />
        <Skeleton className="h-10 w-32" />
      </div>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-40" />
    </Card>
  )
}

/** The Account Settings panel of /profile and /members/profile: avatar, profile information, password. */
export function AccountSettings() {
  const auth = useAuth()
  const profile = useProfile(auth.status === 'authenticated')

  if (auth.status === 'loading' || (auth.status === 'authenticated' && profile.isPending))
    return <SettingsSkeleton />
  const unauthorized = profile.error instanceof ApiRequestError && profile.error.status === 401
  if (auth.status === 'unauthenticated' || unauthorized) {
    return (
      <Card className="text-center">
        <h2 className="font-display text-xl font-semibold">
          {PROFILE_MESSAGES.notAuthenticatedTitle}
        </h2>
        <p className="mt-2 text-muted-foreground">{PROFILE_MESSAGES.notAuthenticated}</p>
      </Card>
    )
  }
  if (profile.isError || !profile.data) {
    return (
      <Card role="alert" className="border-error/40">
        <h2 className="font-display text-xl font-semibold text-error">
          {PROFILE_MESSAGES.errorLoading}
        </h2>
        <p className="mt-2 text-muted-foreground">
          {profile.error?.message ?? PROFILE_MESSAGES.fetchProfileFailed}
        </p>
      </Card>
    )
  }

  const { user, hasPassword } = profile.data
  return (
    <Card className="space-y-6">
      <div>
        <h2 className="font-display text-xl font-semibold">Account Settings</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Your avatar, profile information and password.
        </p>
      </div>
      <div className="border-t border-border pt-6">
        <AvatarSection user={user} />
      </div>
      <div className="border-t border-border pt-6">
        {/* Keyed by the saved values, so the form starts again from what the server holds. */}
        <ProfileInformationForm
          key={`${user.displayName}|${user.email}`}
          user={user}
          emailLocked={!hasPassword}
        />
      </div>
      <div className="border-t border-border pt-6">
        <ChangePasswordForm hasPassword={hasPassword} />
      </div>
    </Card>
  )
}
