import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import {
  type EntryContext,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router'
// The whole stylesheet; each page inlines the part its own code uses (ADR 013).
import stylesheet from './app.css?inline'
import { appContext } from './lib/app-context.ts'
import { NonceProvider } from './lib/nonce.tsx'
import { PageStyleContext } from './lib/page-style.tsx'
import { createPageStylesheets } from './lib/page-stylesheet.server.ts'
import { RenderedBody, lowPriorityModules } from './lib/render-stream.server.ts'

// The server reads this to set the load context on the very object the bundle's loaders use.
export { appContext }

export const streamTimeout = 5_000

let pageStylesheets: { clientDir: string | null; of: ReturnType<typeof createPageStylesheets> }

function pageStylesheet(clientDir: string | null, routerContext: EntryContext) {
  if (pageStylesheets?.clientDir !== clientDir)
    pageStylesheets = { clientDir, of: createPageStylesheets(stylesheet, clientDir) }
  return pageStylesheets.of(routerContext)
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const { nonce, clientDir } = loadContext.get(appContext)
  const style = pageStylesheet(clientDir, routerContext)

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers and link-preview bots get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    )

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PageStyleContext value={style}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageStyleContext>
      </NonceProvider>,
      {
        nonce,
        // The page is sent whole (RenderedBody), so nothing is gained by React moving a finished
        // Suspense boundary out of place: by default one past the first 12.8 KB comes at the end,
        // hidden, and a script reveals it up to 300 ms later. Hydration can race that script and
        // leave the hidden copy behind (the radio player, twice). Finished boundaries stay put.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true
          const body = new RenderedBody(lowPriorityModules)
          body.once('finish', () => {
            clearTimeout(timeoutId)
            timeoutId = undefined
          })
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          resolve(
            new Response(body.readable, { headers: responseHeaders, status: responseStatusCode }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}

/**
 * Faults only, with their stack. A refused request (a POST to a page, an unknown route) is not a
 * fault: the request log has its line, at info, like every other answer; on the error log anyone
 * could fill it. Nothing either for a request the visitor abandoned.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  console.error(error)
}
