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
import type { MemoryGuard } from './memory-guard.ts'
import { publicOrigin } from './origin.ts'
import { Unavailable } from '../shared/errors.ts'
import type { WorkLimiter } from '../shared/work-limiter.ts'

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

/** What a visitor sees when the server sheds a render (503, with Retry-After). */
export const BUSY_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<title>Busy</title><h1>The server is busy</h1><p>Please try again in a moment. <a href="/">Go home</a></p></html>'
const BUSY_RETRY_SECONDS = 2

/** Bounds on rendering: how many at once (with a short queue), and the memory guard. */
export interface RenderLimits {
  renders: WorkLimiter
  memory: MemoryGuard
}

export function createSsrHandler(
  loadBuild: () => Promise<ServerBuild>,
  services: Services,
  mode: 'development' | 'production',
  clientDir: string | null,
  limits?: RenderLimits,
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
      origin: publicOrigin(services.config, c.req.url),
      clientDir,
    })
    const res = limits
      ? await renderWithin(limits, c, () => handler(c.req.raw, context))
      : await handler(c.req.raw, context)
    // A page depends on who asks; a signed-in visitor's page (it carries their name and e-mail)
    // is never stored by a shared cache.
    res.headers.append('Vary', 'Cookie')
    if (c.get('user')) res.headers.set('Cache-Control', 'private, no-store')
    return res
  }
}

/**
 * A render takes a slot from the start until its response begins (the page's whole shell is
 * rendered by then; what streams after is written out as the client reads it). Without a slot
 * within the queue's wait, or while memory is short, the visitor gets a short 503 page instead.
 */
async function renderWithin(
  { renders, memory }: RenderLimits,
  c: Context<AppEnv>,
  render: () => Promise<Response>,
): Promise<Response> {
  let release: (() => void) | undefined
  try {
    if (memory.shedding()) throw new Unavailable(BUSY_PAGE)
    release = await renders.acquire()
  } catch (error) {
    if (!(error instanceof Unavailable)) throw error
    c.header('Retry-After', String(BUSY_RETRY_SECONDS))
    c.header('Cache-Control', 'no-store')
    return c.html(BUSY_PAGE, 503)
  }
  try {
    return await render()
  } finally {
    release()
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
