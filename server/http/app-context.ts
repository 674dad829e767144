import type { SessionUser } from '../../contracts/auth.ts'
import type { PublicConfig } from '../config.ts'
import type { Services } from '../services/index.ts'

/** What page loaders receive through React Router's load context (never HTTP to ourselves). */
export interface AppContext {
  services: Services
  user: SessionUser | null
  nonce: string
  publicConfig: PublicConfig
  /** The site's public origin, for canonical URLs and link previews. */
  origin: string
  /** The browser build's directory (its chunks say which styles a page needs); null in development. */
  clientDir: string | null
}
