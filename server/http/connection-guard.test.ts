import { createServer, type Server } from 'node:http'
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createConnectionGuard } from './connection-guard.ts'

let server: Server | undefined
const sockets: net.Socket[] = []

afterEach(async () => {
  sockets.splice(0).forEach((s) => s.destroy())
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
})

async function start(options: { maxTotal: number; maxPerClient: number }) {
  server = createServer((_req, res) => res.end('ok'))
  server.maxConnections = options.maxTotal
  const guard = createConnectionGuard(options)
  guard.attach(server)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return { guard, port }
}

/** Opens a socket from `localAddress` and resolves once it is connected (or closed at once). */
function open(port: number, localAddress: string): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress })
    sockets.push(socket)
    socket.once('connect', () => resolve(socket))
    socket.once('error', () => resolve(socket))
  })
}

/** One request on a connection of its own: the status, or 0 when the connection was refused. */
function get(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress })
    let data = ''
    socket.on('data', (chunk) => (data += chunk.toString()))
    socket.on('connect', () =>
      socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    )
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? 0)))
    socket.on('error', () => undefined)
  })
}

const settle = () => new Promise((r) => setTimeout(r, 100))

describe('connection guard', () => {
  it('closes a client’s connections past its share while others are served', async () => {
    const { guard, port } = await start({ maxTotal: 1000, maxPerClient: 5 })
    for (let i = 0; i < 12; i++) await open(port, '127.0.0.2')
    await settle()
    expect(guard.stats()).toMatchObject({ open: 5, clients: 1, refused: 7 })
    expect(await get(port, '127.0.0.1')).toBe(200)
  })

  it('under pressure, reclaims connections idle for a second, oldest first', async () => {
    const { guard, port } = await start({ maxTotal: 40, maxPerClient: 0 })
    for (let i = 0; i < 30; i++) await open(port, '127.0.0.2')
    await new Promise((r) => setTimeout(r, 1100))
    // Past nine tenths of the slots, the silent ones make room.
    for (let i = 0; i < 8; i++) await open(port, '127.0.0.3')
    await settle()
    expect(guard.stats().reclaimed).toBeGreaterThan(0)
    expect(await get(port, '127.0.0.1')).toBe(200)
    // The newest connections, not idle for a second yet, were kept.
    expect(sockets.slice(-8).every((s) => !s.destroyed)).toBe(true)
  })
})
