import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
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

/** A keep-alive connection that has been answered once, left open. */
function openConnection(): Promise<{ socket: net.Socket; answered: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, '127.0.0.1')
    let answered = false
    socket.on('data', (chunk: Buffer) => {
      answered ||= chunk.toString('latin1').startsWith('HTTP/1.1 200')
      if (answered) resolve({ socket, answered })
    })
    socket.on('error', () => resolve({ socket, answered }))
    socket.on('close', () => resolve({ socket, answered }))
    socket.setTimeout(5000, () => socket.destroy())
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
    // The health checks that waited for the start keep a connection alive in Node's agent.
    http.globalAgent.destroy()
    const held = await Promise.all(Array.from({ length: LIMIT }, openConnection))
    expect(held.every((c) => c.answered)).toBe(true)

    const extra = await openConnection()
    expect(extra.answered).toBe(false)
    expect(extra.socket.destroyed).toBe(true)

    for (const c of held.slice(0, 4)) c.socket.destroy()
    await expect.poll(() => healthy(PORT), { timeout: 5000 }).toBe(true)
    for (const c of held) c.socket.destroy()
    expect(server.exitCode, server.stderr).toBeNull()
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
