import { data, Outlet } from 'react-router'
import { RequireRole } from '../components/route-guard.tsx'
import { guardRole } from '../lib/guard.server.ts'
import type { Route } from './+types/admin-area'

/** The admin area (/admin, /editor): its pages are for admins only, checked here once for all. */
export function loader({ context }: Route.LoaderArgs) {
  return data(null, { status: guardRole(context, 'admin').status })
}

export default function AdminArea() {
  return (
    <RequireRole role="admin">
      <Outlet />
    </RequireRole>
  )
}
