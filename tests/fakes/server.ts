import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

export type FakeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => void | Promise<void>

/**
 * One loopback HTTP server standing in for every upstream in end-to-end tests. Routes are added by
 * path; anything else answers 404 so an unexpected call shows up as a failure.
 */
export async function startFakeUpstreams(
  routes: Record<string, FakeHandler>,
  port = 0,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const handler = routes[url.pathname]
    if (!handler) {
      res
        .writeHead(404, { 'content-type': 'text/plain' })
        .end(`fake upstream: no route for ${url.pathname}`)
      return
    }
    Promise.resolve(handler(req, res, url)).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  const actual = typeof address === 'object' && address ? address.port : port
  return { url: `http://127.0.0.1:${actual}`, server }
}

/**
 * Stands in for Plausible's manual script: it records each `plausible('pageview', {u})` call in
 * window.__pageviews, where tests read them.
 */
export const FAKE_PLAUSIBLE_SCRIPT = `(function(){
  var queued = (window.plausible && window.plausible.q) || [];
  window.__pageviews = window.__pageviews || [];
  window.plausible = function(name, opts){ window.__pageviews.push({ name: name, url: opts && opts.u }); };
  for (var i = 0; i < queued.length; i++) window.plausible.apply(null, queued[i]);
})();`
