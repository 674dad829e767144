import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Keeps connection slots for everyone (ADR 016). `server.maxConnections` is the hard bound; below
 * it, one client address may hold at most `maxPerClient` connections (more are closed as they
 * arrive), and once nine tenths of the slots are taken, connections that have sat idle for a
 * second — a keep-alive connection between requests, or one that never sent a request — are
 * closed, the longest idle first, so that a new visitor finds a slot.
 *
 * Behind a proxy (TRUST_PROXY), every connection comes from the proxy: the per-client bound is
 * then the proxy's business and is not applied here.
 */
export interface ConnectionGuard {
  /** Watches the server's connections from now on. */
  attach(server: Server): void
  stats(): { open: number; clients: number; refused: number; reclaimed: number }
}

interface Tracked {
  client: string
  inFlight: number
  idleSince: number
}

const PRESSURE_RATIO = 0.9
const IDLE_BEFORE_RECLAIM_MS = 1_000
const SWEEP_EVERY_MS = 500

export function createConnectionGuard(
  options: { maxTotal: number; maxPerClient: number },
  now: () => number = Date.now,
): ConnectionGuard {
  const sockets = new Map<Socket, Tracked>()
  const perClient = new Map<string, number>()
  let refused = 0
  let reclaimed = 0
  let lastSweep = 0

  function sweep() {
    const t = now()
    if (t - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = t
    // How many to free: back under the pressure line, with room for a few arrivals.
    const excess = sockets.size - Math.floor(options.maxTotal * PRESSURE_RATIO) + 16
    const idle = [...sockets]
      .filter(([, s]) => s.inFlight === 0 && t - s.idleSince >= IDLE_BEFORE_RECLAIM_MS)
      .sort((a, b) => a[1].idleSince - b[1].idleSince)
      .slice(0, Math.max(0, excess))
    for (const [socket] of idle) {
      reclaimed += 1
      socket.destroy()
    }
  }

  function onConnection(socket: Socket) {
    const client = socket.remoteAddress ?? 'unknown'
    const held = perClient.get(client) ?? 0
    if (options.maxPerClient > 0 && held >= options.maxPerClient) {
      refused += 1
      socket.destroy()
      return
    }
    perClient.set(client, held + 1)
    sockets.set(socket, { client, inFlight: 0, idleSince: now() })
    socket.once('close', () => {
      sockets.delete(socket)
      const left = (perClient.get(client) ?? 1) - 1
      if (left > 0) perClient.set(client, left)
      else perClient.delete(client)
    })
    if (sockets.size >= options.maxTotal * PRESSURE_RATIO) sweep()
  }

  function onRequest(req: IncomingMessage, res: ServerResponse) {
    const tracked = sockets.get(req.socket)
    if (!tracked) return
    tracked.inFlight += 1
    res.once('close', () => {
      tracked.inFlight -= 1
      tracked.idleSince = now()
    })
  }

  return {
    attach(server) {
      server.on('connection', onConnection)
      server.on('request', onRequest)
    },
    stats: () => ({ open: sockets.size, clients: perClient.size, refused, reclaimed }),
  }
}
