import type { ReactNode } from 'react'
import { Navigate, useLocation, useNavigation } from 'react-router'
import { isAdmin, type Role } from '../../contracts/common-constants.ts'
import { useAuth } from '../lib/auth.ts'
import { AccessDenied, AuthenticatingSkeleton, roleDeniedMessage } from './status.tsx'

export type RequiredRole = Role

/**
 * The client side of the route guards (loaders enforce the same on the server): a skeleton while
 * the session loads, a redirect for visitors, 'Access Denied' for the wrong role.
 */
export function RequireRole({ role, children }: { role: RequiredRole; children: ReactNode }) {
  const auth = useAuth()
  const location = useLocation()
  const navigation = useNavigation()
  if (auth.status === 'loading') return <AuthenticatingSkeleton />
  // Deleting the account (or signing out) forgets the user while its own way out (home, the
  // login page) is under way: that one wins; a redirect to the login page from here raced it.
  if (auth.status === 'unauthenticated' && navigation.state !== 'idle')
    return <AuthenticatingSkeleton />
  if (auth.status === 'unauthenticated') {
    const to = isAdmin({ role }) ? '/admin/login' : '/login'
    return <Navigate to={to} replace state={{ from: location.pathname + location.search }} />
  }
  if (isAdmin({ role }) && !isAdmin(auth.user))
    return <AccessDenied message={roleDeniedMessage(auth.user.role)} />
  return <>{children}</>
}
