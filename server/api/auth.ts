import * as API from '../../contracts/endpoints.ts'
import { handle } from './define.ts'

export const loginWithPassword = handle(API.loginWithPassword, {
  async handler(input, { services, meta, session, setSession }) {
    const issued = await services.auth.loginWithPassword(
      input.email,
      input.password,
      meta,
      session.token ?? undefined,
    )
    setSession(issued)
    return { user: issued.user }
  },
})

export const getSession = handle(API.getSession, {
  handler: (_input, { user }) => ({ user }),
})

export const logout = handle(API.logout, {
  async handler(_input, { services, session, clearSession }) {
    if (session.token) await services.auth.logout(session.token)
    clearSession()
    return { success: true }
  },
})
