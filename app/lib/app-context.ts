import { createContext } from 'react-router'
import type { AppContext } from '../../server/http/app-context.ts'

/** Set by the server for every request (server/http/ssr.ts); loaders read services from it. */
export const appContext = createContext<AppContext>()
