import { data, redirect, type RouterContextProvider } from 'react-router'
import type { SessionUser } from '../../contracts/auth.ts'
import { isAdmin, type Role } from '../../contracts/common-constants.ts'
import { appContext } from './app-context.ts'

/**
 * The server side of the route guards: a visitor is redirected before any HTML is sent; for a
 * signed-in user with the wrong role the page answers 403 (and <RequireRole> renders Access Denied).
 */
export function guardRole(
  context: Readonly<RouterContextProvider>,
  role: Role,
): { user: SessionUser; status: 200 | 403 } {
  const { user } = context.get(appContext)
  if (!user) throw redirect(isAdmin({ role }) ? '/admin/login' : '/login')
  return { user, status: isAdmin({ role }) && !isAdmin(user) ? 403 : 200 }
}

/**
 * A members' page (/members and the pages its cards lead to) loads its data only for a signed-in
 * user; a visitor's request answers 401 with no data, and the page shows its Access Denied card
 * (<MembersOnly>).
 */
export async function forMembers<T>(
  context: Readonly<RouterContextProvider>,
  load: (user: SessionUser) => Promise<T>,
) {
  const { user } = context.get(appContext)
  return data<T | null>(user ? await load(user) : null, { status: user ? 200 : 401 })
}
