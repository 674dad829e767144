import { type ReactNode, useEffect } from 'react'
import type { SessionUser } from '../../contracts/auth-constants.ts'
import { useAuth } from '../lib/auth.ts'
import { AccessDenied, AuthenticatingSkeleton } from './status.tsx'
import { SiteLink } from './ui/site-link.tsx'

/**
 * The members' area's gate: a visitor sees 'Access Denied' with a Login link (the loader has
 * answered 401 without data, app/lib/guard.server.ts `forMembers`), a member the page with the
 * loader's data.
 */
export function MembersOnly<T>({
  data,
  children,
}: {
  data: T | null | undefined
  children: (data: T, user: SessionUser) => ReactNode
}) {
  const auth = useAuth()
  if (auth.status === 'loading') return <AuthenticatingSkeleton />
  if (auth.status === 'unauthenticated') {
    return (
      <AccessDenied
        message="You must be logged in to view the members area."
        action={
          <SiteLink to="/login" className="font-medium text-primary hover:underline">
            Login
          </SiteLink>
        }
      />
    )
  }
  if (data == null) return <LoadAgain />
  return children(data, auth.user)
}

/**
 * Signed in (in another tab, say) since the page loaded as a visitor's: loaded again, now with the
 * session, for its data.
 */
function LoadAgain() {
  useEffect(() => window.location.reload(), [])
  return <AuthenticatingSkeleton />
}
