import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { startArguments, startEnvironment } from '../../scripts/start-command.ts'

export function healthy(port: number, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(
      // No keep-alive: a check leaves no connection open to count against the server's limit.
      { host: '127.0.0.1', port, path: '/healthz', timeout: timeoutMs, agent: false },
      (res) => {
        res.resume()
        resolve(res.statusCode === 200)
      },
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(false))
  })
}

/** Starts the production server as `npm start` would, and waits until /healthz answers. */
export async function startProductionServer(env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, startArguments(), {
    env: {
      ...process.env,
      ...startEnvironment(),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000)
  })
  let exited: number | null = null
  child.once('exit', (code) => {
    exited = code ?? -1
  })
  for (let i = 0; i < 150 && exited === null; i++) {
    if (await healthy(port, 500)) break
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    pid: child.pid!,
    get exitCode() {
      return exited
    },
    get stderr() {
      return stderr
    },
    /** Peak resident memory so far, in MB (Linux). */
    peakRssMb(): number {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
