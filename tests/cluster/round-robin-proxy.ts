import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The load balancer of the cluster lane: what deploy/nginx.conf does, in a few lines of node:http,
 * plus the health check docs/deployment.md asks of a balancer that has one (HAProxy's
 * `option httpchk GET /healthz`): every 500 ms each node's /healthz, and a node that does not
 * answer 200 (draining, or gone) gets no new requests until it does again. Requests go to the
 * nodes in turn, the body read first (nginx buffers request bodies too), one connection per
 * request, the client's address appended to X-Forwarded-For and Host kept as is. A node that
 * refuses or resets the connection while it is being made is skipped and the request goes to the
 * next one, whatever its method: it was never sent. A connection that fails before any answer is
 * retried elsewhere only for GET and HEAD, which may safely run twice (nginx's
 * proxy_next_upstream error without non_idempotent).
 *
 * Test-only extras: `x-cluster-node: <index>` sends a request to one node (no retry), and every
 * answer says which node gave it in `x-served-by`.
 */
export interface RoundRobinProxy {
  url: string
  /** Answers per node, by index. */
  served: number[]
  /** Requests the proxy could not deliver to any node (answered 502). */
  failures: string[]
  close(): Promise<void>
}

const MAX_BODY_BYTES = 8 * 1024 * 1024
const HEALTH_CHECK_MS = 500

/** Whether a node's /healthz answers 200 within a second. */
function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/healthz', timeout: 1000, agent: false },
      (res) => {
        res.resume()
        resolve(res.statusCode === 200)
      },
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(false))
  })
}
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
])

export async function startRoundRobinProxy(
  nodes: Array<{ port: number }>,
  port = 0,
): Promise<RoundRobinProxy> {
  let next = 0
  const served = nodes.map(() => 0)
  const failures: string[] = []
  const up = nodes.map(() => true)
  let checking = true
  const checks = (async () => {
    while (checking) {
      await Promise.all(nodes.map(async (node, i) => (up[i] = await healthy(node.port))))
      await new Promise((r) => setTimeout(r, HEALTH_CHECK_MS))
    }
  })()

  async function readBody(req: IncomingMessage): Promise<Buffer | null> {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > MAX_BODY_BYTES) return null
      chunks.push(chunk)
    }
    return Buffer.concat(chunks)
  }

  function forward(req: IncomingMessage, body: Buffer, index: number): Promise<IncomingMessage> {
    const headers: http.OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && name !== 'x-cluster-node') headers[name] = value
    }
    const client = req.socket.remoteAddress ?? '127.0.0.1'
    headers['x-forwarded-for'] = req.headers['x-forwarded-for']
      ? `${String(req.headers['x-forwarded-for'])}, ${client}`
      : client
    headers['content-length'] = String(body.length)
    headers.connection = 'close'
    return new Promise((resolve, reject) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: nodes[index]!.port,
          method: req.method,
          path: req.url,
          headers,
          agent: false,
        },
        resolve,
      )
      upstream.on('error', reject)
      upstream.end(body)
    })
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req)
    if (!body) {
      res.writeHead(413, { 'content-type': 'text/plain' }).end('Request body too large\n')
      return
    }
    const pinned = req.headers['x-cluster-node']
    const idempotent = req.method === 'GET' || req.method === 'HEAD'
    const inTurn = nodes.map((_, i) => (next + i) % nodes.length)
    // Healthy nodes first; the others only if no healthy node could take it.
    const order =
      pinned !== undefined
        ? [Number(pinned)]
        : [...inTurn.filter((i) => up[i]), ...inTurn.filter((i) => !up[i])]
    if (pinned === undefined) next = (next + 1) % nodes.length
    let lastError: unknown
    for (const index of order) {
      let answer: IncomingMessage
      try {
        answer = await forward(req, body, index)
      } catch (error) {
        lastError = error
        // Refused, or reset while connecting (a node closing its listener resets the connections
        // still waiting to be accepted): the request was never sent, so any method may go on.
        const neverSent = (error as { syscall?: string }).syscall === 'connect'
        if (neverSent || idempotent) continue
        break
      }
      served[index]!++
      const headers: http.OutgoingHttpHeaders = { 'x-served-by': String(index) }
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value
      }
      res.writeHead(answer.statusCode ?? 502, headers)
      answer.pipe(res)
      return
    }
    failures.push(`${req.method} ${req.url}: ${String(lastError)}`)
    res.writeHead(502, { 'content-type': 'text/plain' }).end('No node answered\n')
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      failures.push(`${req.method} ${req.url}: ${String(error)}`)
      if (!res.headersSent) res.writeHead(502).end()
      else res.destroy()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    failures,
    async close() {
      checking = false
      await checks
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
