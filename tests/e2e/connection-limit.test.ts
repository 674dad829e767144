import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E } from '../support/e2e-accounts.ts'
import { healthy, startProductionServer } from '../support/start-command.ts'

/**
 * Open connections cost heap, idle or not (about 3 KB each), and the production heap is capped:
 * past MAX_CONNECTIONS a new connection is closed at once, and the server stays up and answers
 * again as soon as connections go (ADR 015).
 */
const PORT = E2E.port + 12
const LIMIT = 16

type Ending = 'answered' | 'closed' | 'timed out'

/** A keep-alive connection asked for /healthz once and left open, with how its first exchange ended. */
function openConnection(): Promise<{ socket: net.Socket; ending: Ending; ms: number }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const socket = net.connect(PORT, '127.0.0.1')
    const end = (ending: Ending) => resolve({ socket, ending, ms: performance.now() - started })
    socket.on('data', (chunk: Buffer) => {
      if (chunk.toString('latin1').startsWith('HTTP/1.1 200')) end('answered')
    })
    socket.on('error', () => end('closed'))
    socket.on('close', () => end('closed'))
    socket.setTimeout(5000, () => {
      end('timed out')
      socket.destroy()
    })
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n')
  })
}

test('connections past MAX_CONNECTIONS are closed at once, and the server answers when some go', async () => {
  test.setTimeout(60_000)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-connections-'))
  const server = await startProductionServer(
    { DATA_DIR: dataDir, ADMIN_PASSWORD: 'connections-admin-1', MAX_CONNECTIONS: String(LIMIT) },
    PORT,
  )
  try {
    const held = await Promise.all(Array.from({ length: LIMIT }, openConnection))
    expect(held.map((c) => c.ending)).toEqual(Array(LIMIT).fill('answered'))

    const extra = await openConnection()
    expect(extra.ending).toBe('closed')
    expect(extra.ms).toBeLessThan(1000)

    for (const c of held.slice(0, 4)) c.socket.destroy()
    await expect.poll(() => healthy(PORT), { timeout: 5000 }).toBe(true)
    for (const c of held) c.socket.destroy()
    expect(server.exitCode, server.stderr).toBeNull()
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
