import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../tests/support/postgres.ts'
import { startServer } from './start-server.ts'

// The server's own source, as `npm run dev` runs it: this lane runs before the build exists.
const SOURCE = ['--disable-warning=ExperimentalWarning', 'server/main.ts']

describe('startServer', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'start-server-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('throws with the exit code and what the server said when it exits at once', async () => {
    const port = await freePort()
    const started = startServer({
      port,
      args: SOURCE,
      env: { DATA_DIR: dataDir, PORT: 'not-a-port' },
    })
    await expect(started).rejects.toThrow(/exited with code 1 before \/healthz answered 200/)
    await expect(started).rejects.toThrow(/Invalid configuration:\n\s+PORT: /)
  })

  it('throws, and kills it, when the server never becomes healthy', async () => {
    const port = await freePort()
    const started = startServer({
      port,
      args: ['-e', 'console.error("listening nowhere"); setInterval(() => {}, 1000)'],
      timeoutMs: 1500,
    })
    await expect(started).rejects.toThrow(
      /did not answer \/healthz with 200 within 1500 ms \(killed\); its last output:\nlistening nowhere$/,
    )
  })

  it('answers once /healthz is 200, and stop() waits for the exit', async () => {
    const port = await freePort()
    // A stand-in that is healthy at once and, like the server, ends cleanly on SIGTERM.
    const server = await startServer({
      port,
      args: [
        '-e',
        `const s = require('node:http').createServer((q, r) => r.end('ok')).listen(process.env.PORT);
         process.on('SIGTERM', () => s.close(() => process.exit(0)))`,
      ],
    })
    expect(server.url).toBe(`http://127.0.0.1:${port}`)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    await server.stop()
    expect(server.exitCode).toBe(0)
  })

  it('stop() kills a server that ignores SIGTERM once the grace has passed', async () => {
    const port = await freePort()
    const server = await startServer({
      port,
      args: [
        '-e',
        `require('node:http').createServer((q, r) => r.end('ok')).listen(process.env.PORT);
         process.on('SIGTERM', () => {})`,
      ],
    })
    await server.stop(300)
    expect(server.exitCode).toBe(137)
  })
})
