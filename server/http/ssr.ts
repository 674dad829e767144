import type { Context } from 'hono'
import {
  createRequestHandler,
  type RequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router'
import { getPublicConfig } from '../config.ts'
import type { Services } from '../services/index.ts'
import type { AppContext } from './app-context.ts'
import type { AppEnv } from './env.ts'
import { HTTP_MESSAGES } from './errors.ts'

/**
 * The app's server entry exports the RouterContext its loaders read, so the server sets the very
 * object the bundle uses (a copy imported from source would be a different key).
 */
function contextKeyOf(build: ServerBuild): RouterContext<AppContext> {
  const key = (build.entry.module as unknown as { appContext?: RouterContext<AppContext> })
    .appContext
  if (!key) throw new Error('app/entry.server.tsx must export appContext')
  return key
}

export function createSsrHandler(
  loadBuild: () => Promise<ServerBuild>,
  services: Services,
  mode: 'development' | 'production',
  clientDir: string | null,
) {
  const handlers = new WeakMap<ServerBuild, RequestHandler>()
  const publicConfig = getPublicConfig(services.config)
  return async (c: Context<AppEnv>): Promise<Response> => {
    // A path with a broken percent-encoding (`/%E0%A4%A`) names no page: answered here, as React
    // Router would answer it with a 404 after two unstructured warnings on the log.
    if (c.req.url.includes('%') && !isDecodable(c.req.url))
      return c.text(HTTP_MESSAGES.badPath, 400)
    const build = await loadBuild()
    let handler = handlers.get(build)
    if (!handler) {
      handler = createRequestHandler(build, mode)
      handlers.set(build, handler)
    }
    const context = new RouterContextProvider()
    context.set(contextKeyOf(build), {
      services,
      user: c.get('user'),
      nonce: c.get('nonce'),
      publicConfig,
      origin: services.config.publicUrl ?? new URL(c.req.url).origin,
      clientDir,
    })
    const res = await handler(c.req.raw, context)
    // A page depends on who asks; a signed-in visitor's page (it carries their name and e-mail)
    // is never stored by a shared cache.
    res.headers.append('Vary', 'Cookie')
    if (c.get('user')) res.headers.set('Cache-Control', 'private, no-store')
    return res
  }
}

function isDecodable(url: string): boolean {
  try {
    decodeURI(new URL(url).pathname)
    return true
  } catch {
    return false
  }
}
