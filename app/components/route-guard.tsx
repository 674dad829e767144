import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useAuth } from '../lib/auth.ts'
import { AccessDenied, AuthenticatingSkeleton, roleDeniedMessage } from './status.tsx'

export type RequiredRole = 'user' | 'admin'

/**
 * The client side of the route guards (loaders enforce the same on the server): a skeleton while
 * the session loads, a redirect for visitors, 'Access Denied' for the wrong role.
 */
export function RequireRole({ role, children }: { role: RequiredRole; children: ReactNode }) {
  const auth = useAuth()
  const location = useLocation()
  if (auth.status === 'loading') return <AuthenticatingSkeleton />
  if (auth.status === 'unauthenticated') {
    const to = role === 'admin' ? '/admin/login' : '/login'
    return <Navigate to={to} replace state={{ from: location.pathname + location.search }} />
  }
  if (role === 'admin' && auth.user.role !== 'admin')
    return <AccessDenied message={roleDeniedMessage(auth.user.role)} />
  return <>{children}</>
}
