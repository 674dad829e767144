import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { constants } from 'node:os'
import { startArguments, startEnvironment } from './start-command.ts'

/**
 * The one way the tests, the cluster lane, the benchmark and Lighthouse start the production
 * server: spawned as `npm start` runs it, then /healthz polled until it answers 200. A server
 * that exits first, or is not healthy by the deadline, is an error that carries its exit code and
 * the last lines it wrote, never a silent carry-on.
 */
export interface StartServerOptions {
  port: number
  /** Set on top of the defaults (HOST 127.0.0.1, PORT, LOG_LEVEL error). */
  env?: Record<string, string>
  /** Whether the server inherits this process's environment (default) or only its PATH. */
  inheritEnv?: boolean
  /** The build to run: BUILD_DIR, else build/. */
  buildDir?: string
  /** Node's arguments instead of `npm start`'s (the entry point included). */
  args?: string[]
  /** Copy the server's stderr to this process's as it comes (it is kept for errors either way). */
  echoStderr?: boolean
  /** How long the server has to become healthy (default 60 s). */
  timeoutMs?: number
}

export interface RunningServer {
  port: number
  pid: number
  url: string
  child: ChildProcess
  /** Exit code once the process has ended (128 + the signal's number when killed), else null. */
  readonly exitCode: number | null
  /** The last 20,000 characters the server wrote to stderr. */
  readonly stderr: string
  /** Resolves with the exit code. */
  exited: Promise<number>
  /** Peak resident memory so far, in MB (Linux). */
  peakRssMb(): number
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs` (default 10 s); resolves on exit. */
  stop(graceMs?: number): Promise<void>
}

/** GETs /healthz on a loopback port: the status, or 0 when nothing answers in time. */
export function healthStatus(port: number, timeoutMs = 2000): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(
      // No keep-alive: a check leaves no connection open to count against the server's limit.
      { host: '127.0.0.1', port, path: '/healthz', timeout: timeoutMs, agent: false },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      },
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(0))
  })
}

// Servers still running when this process ends go with it (an error, Ctrl-C, a test file's end).
const running = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM')
})

const lastLines = (text: string, count = 30) =>
  text.trimEnd().split('\n').slice(-count).join('\n') || '(nothing)'

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { port, timeoutMs = 60_000 } = options
  const inherited = options.inheritEnv === false ? { PATH: process.env.PATH ?? '' } : process.env
  const child = spawn(process.execPath, options.args ?? startArguments(options.buildDir), {
    env: {
      ...inherited,
      ...startEnvironment(),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  running.add(child)
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000)
    if (options.echoStderr) process.stderr.write(chunk)
  })
  let exitCode: number | null = null
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      exitCode = code ?? 128 + (signal ? constants.signals[signal] : 0)
      resolve(exitCode)
    }),
  )
  // The last stderr chunk can arrive after 'exit': 'close' has it.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))

  const server: RunningServer = {
    port,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    child,
    get exitCode() {
      return exitCode
    },
    get stderr() {
      return stderr
    },
    exited,
    peakRssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
    },
    async stop(graceMs = 10_000) {
      if (exitCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
    },
  }

  const deadline = performance.now() + timeoutMs
  while (exitCode === null && performance.now() < deadline) {
    if ((await healthStatus(port, 1000)) === 200) return server
    await Promise.race([exited, new Promise((r) => setTimeout(r, 100))])
  }
  if (exitCode === null) {
    child.kill('SIGKILL')
    await exited
    await closed
    throw new Error(
      `the server on port ${port} did not answer /healthz with 200 within ${timeoutMs} ms ` +
        `(killed); its last output:\n${lastLines(stderr)}`,
    )
  }
  await closed
  throw new Error(
    `the server on port ${port} exited with code ${exitCode} before /healthz answered 200; ` +
      `its last output:\n${lastLines(stderr)}`,
  )
}
