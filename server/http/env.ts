import type { HttpBindings } from '@hono/node-server'
import type { SessionUser } from '../../contracts/auth.ts'

/** What each request carries through the Hono app. */
export interface AppEnv {
  Bindings: HttpBindings
  Variables: {
    nonce: string
    ip: string
    user: SessionUser | null
    sessionId: string | null
    sessionToken: string | null
  }
}
