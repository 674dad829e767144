import { data, Outlet } from 'react-router'
import { RequireRole } from '../components/route-guard.tsx'
import { guardRole } from '../lib/guard.server.ts'
import type { Route } from './+types/member-area'

/** The signed-in area (/profile, /members/profile): checked here once for all its pages. */
export function loader({ context }: Route.LoaderArgs) {
  return data(null, { status: guardRole(context, 'user').status })
}

export default function MemberArea() {
  return (
    <RequireRole role="user">
      <Outlet />
    </RequireRole>
  )
}
