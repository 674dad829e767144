import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startArguments } from '../scripts/start-command.ts'

/**
 * What the supervisors are told (deploy/*.service, *.timer, Dockerfile, compose.yaml), and the
 * health check they run (deploy/healthcheck.ts). Every file is read as shipped.
 */
const INSTALL_DIR = '/srv/astro-site'
const UNITS = [
  'astro-site.service',
  'astro-site-healthcheck.service',
  'astro-site-healthcheck.timer',
]
const read = (file: string) => readFileSync(path.join('deploy', file), 'utf8')

/** A unit file's settings as `Section.Key` → every value given, in order. */
function unitSettings(file: string): Map<string, string[]> {
  const settings = new Map<string, string[]>()
  let section = ''
  for (const raw of read(file).split('\n')) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const header = /^\[(\w+)\]$/.exec(line)
    if (header) section = header[1]!
    else {
      const at = line.indexOf('=')
      const key = `${section}.${line.slice(0, at)}`
      settings.set(key, [...(settings.get(key) ?? []), line.slice(at + 1)])
    }
  }
  return settings
}
const one = (settings: Map<string, string[]>, key: string) => {
  const values = settings.get(key) ?? []
  expect(values, key).toHaveLength(1)
  return values[0]!
}

/** systemd's time spans and sizes, as the units write them. */
const seconds = (span: string) => Number(/^(\d+)s$/.exec(span)?.[1] ?? NaN)
const megabytes = (size: string) => {
  const [, n, unit] = /^(\d+)([MG])$/.exec(size) ?? []
  return Number(n) * (unit === 'G' ? 1024 : 1)
}

/** How long the server may take to stop after SIGTERM (server/main.ts), in seconds. */
function drainSeconds(): number {
  const main = readFileSync('server/main.ts', 'utf8')
  const constant = (name: string) =>
    Number(new RegExp(`const ${name} = ([\\d_]+)`).exec(main)?.[1]?.replaceAll('_', ''))
  const total = constant('DRAIN_LISTEN_MAX_MS') + constant('SHUTDOWN_GRACE_MS')
  expect(total).toBeGreaterThan(0)
  return total / 1000
}

/** `npm start`: its environment assignments and Node's arguments. */
function npmStart() {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: { start: string }
    devDependencies: { node: string }
  }
  const words = pkg.scripts.start.split(/\s+/)
  return {
    env: words.slice(0, words.indexOf('node')),
    args: startArguments(''),
    nodeVersion: pkg.devDependencies.node,
  }
}

/** The Dockerfile's instructions, continuation lines joined. */
function dockerfile(): Array<{ instruction: string; rest: string }> {
  return read('Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [instruction, ...rest] = line.trim().split(/\s+/)
      return { instruction: instruction!, rest: rest.join(' ') }
    })
}
const lastOf = (instruction: string) => dockerfile().findLast((d) => d.instruction === instruction)

describe('the systemd units', () => {
  // Never skipped: .ci/run installs systemd where the machine lacks it.
  it('pass systemd-analyze verify, with this checkout standing in for the install folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'units-'))
    try {
      for (const unit of UNITS) {
        writeFileSync(path.join(dir, unit), read(unit).replaceAll(INSTALL_DIR, process.cwd()))
      }
      const verify = spawnSync('systemd-analyze', ['verify', '--man=no', ...UNITS], {
        cwd: dir,
        encoding: 'utf8',
      })
      expect(verify.stderr + verify.stdout).toBe('')
      expect(verify.status).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('restart the server always, soon, and give it longer to stop than it takes to drain', () => {
    const unit = unitSettings('astro-site.service')
    expect(one(unit, 'Service.Restart')).toBe('always')
    expect(seconds(one(unit, 'Service.RestartSec'))).toBeLessThanOrEqual(5)
    // A server that cannot start yet (its database is away) is tried again, not given up on.
    expect(one(unit, 'Unit.StartLimitIntervalSec')).toBe('0')
    expect(one(unit, 'Service.KillSignal')).toBe('SIGTERM')
    expect(seconds(one(unit, 'Service.TimeoutStopSec'))).toBeGreaterThan(drainSeconds() + 5)
  })

  it('bound memory far above the goal (200 MB under load, 350 MB under attack)', () => {
    const unit = unitSettings('astro-site.service')
    const high = megabytes(one(unit, 'Service.MemoryHigh'))
    const max = megabytes(one(unit, 'Service.MemoryMax'))
    expect(high).toBeGreaterThanOrEqual(2 * 350)
    expect(max).toBeGreaterThan(high)
  })

  it('run the server as its own user, writing only to DATA_DIR', () => {
    const unit = unitSettings('astro-site.service')
    expect(one(unit, 'Service.User')).toBe('astro-site')
    expect(one(unit, 'Service.NoNewPrivileges')).toBe('yes')
    expect(one(unit, 'Service.ProtectSystem')).toBe('strict')
    expect(one(unit, 'Service.CapabilityBoundingSet')).toBe('')
    const dataDir = unit.get('Service.Environment')!.find((e) => e.startsWith('DATA_DIR='))
    expect(one(unit, 'Service.ReadWritePaths')).toBe(dataDir!.slice('DATA_DIR='.length))
    expect(one(unit, 'Service.EnvironmentFile')).toMatch(/^\/etc\//)
    // V8 writes the machine code it compiles: this would stop the server at its first function.
    expect(unit.has('Service.MemoryDenyWriteExecute')).toBe(false)
  })

  it('run the command of npm start, with the Node the project pins and no npm in between', () => {
    const unit = unitSettings('astro-site.service')
    const { env, args } = npmStart()
    const [binary, ...rest] = one(unit, 'Service.ExecStart').split(/\s+/)
    expect(binary).toBe(`${INSTALL_DIR}/node_modules/.bin/node`)
    expect(rest).toEqual(args)
    expect(one(unit, 'Service.WorkingDirectory')).toBe(INSTALL_DIR)
    for (const assignment of env) expect(unit.get('Service.Environment')).toContain(assignment)
  })

  it('check /healthz on a timer while the server runs, and restart it after failures in a row', () => {
    const timer = unitSettings('astro-site-healthcheck.timer')
    expect(seconds(one(timer, 'Timer.OnUnitInactiveSec'))).toBeLessThanOrEqual(60)
    expect(one(timer, 'Install.WantedBy')).toBe('astro-site.service')
    expect(one(timer, 'Unit.PartOf')).toBe('astro-site.service')

    const check = unitSettings('astro-site-healthcheck.service')
    expect(one(check, 'Unit.Requisite')).toBe('astro-site.service')
    expect(one(check, 'Service.EnvironmentFile')).toBe(
      one(unitSettings('astro-site.service'), 'Service.EnvironmentFile'),
    )
    const command = one(check, 'Service.ExecStart').split(/\s+/)
    expect(command.slice(0, 3)).toEqual([
      `${INSTALL_DIR}/node_modules/.bin/node`,
      'deploy/healthcheck.ts',
      '--alive',
    ])
    expect(Number(command[command.indexOf('--tries') + 1])).toBeGreaterThanOrEqual(2)
    const onFailure = one(check, 'Service.ExecStopPost')
    expect(onFailure).toMatch(/^\+/)
    expect(onFailure).toContain('"$$SERVICE_RESULT" != success')
    expect(onFailure).toContain('systemctl --no-block restart astro-site.service')
  })
})

describe('the container', () => {
  it('runs the command of npm start on the Node the project pins', () => {
    const { env, args, nodeVersion } = npmStart()
    expect(lastOf('CMD')?.rest).toBe(JSON.stringify(['node', ...args]).replaceAll(',', ', '))
    expect(read('Dockerfile')).toContain(`ARG NODE_VERSION=${nodeVersion}\n`)
    const vars = lastOf('ENV')!.rest.split(/\s+/)
    for (const assignment of env) expect(vars).toContain(assignment)
  })

  it('has a HEALTHCHECK that runs the health check with node, and the file is in the image', () => {
    const healthcheck = lastOf('HEALTHCHECK')!.rest
    for (const option of ['interval', 'timeout', 'start-period', 'retries']) {
      expect(healthcheck).toMatch(new RegExp(`--${option}=\\w+ `))
    }
    expect(healthcheck).toMatch(/ CMD \["node", "deploy\/healthcheck\.ts"\]$/)
    expect(dockerfile()).toContainEqual({
      instruction: 'COPY',
      rest: 'deploy/healthcheck.ts ./deploy/healthcheck.ts',
    })
    expect(read('Dockerfile.dockerignore').split('\n')).toContain('!deploy/healthcheck.ts')
  })

  it('is restarted by compose, and given longer to stop than the server takes to drain', () => {
    const compose = read('compose.yaml')
    expect(compose).toMatch(/^ {4}restart: (unless-stopped|always)$/m)
    const grace = Number(/^ {4}stop_grace_period: (\d+)s$/m.exec(compose)?.[1])
    expect(grace).toBeGreaterThan(drainSeconds() + 5)
    expect(compose).toMatch(/^ {4}mem_limit: 1g$/m)
    expect(compose).toMatch(/^ {6}dockerfile: deploy\/Dockerfile$/m)
  })
})

describe('deploy/healthcheck.ts', () => {
  const servers: http.Server[] = []
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  /** A server on loopback that answers each /healthz with the next of `answers` (the last repeats). */
  async function stub(answers: Array<number | 'reset' | 'silent'>) {
    const hits: string[] = []
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? '')
      const answer = answers[Math.min(hits.length - 1, answers.length - 1)]!
      if (answer === 'reset') req.socket.destroy()
      else if (answer !== 'silent') res.writeHead(answer).end(`{"status":"${answer}"}`)
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return { port: (server.address() as AddressInfo).port, hits }
  }

  /** Runs the check as the supervisors do, with the server's HOST and PORT. */
  function run(port: number, args: string[] = []) {
    const child = spawn(process.execPath, ['deploy/healthcheck.ts', ...args], {
      env: { PATH: process.env.PATH ?? '', HOST: '0.0.0.0', PORT: String(port) },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    return new Promise<{ code: number | null; output: string }>((resolve) =>
      child.on('close', (code) => resolve({ code, output })),
    )
  }

  it('passes on a 200 and fails on any other answer (the Docker health check)', async () => {
    const ok = await stub([200])
    expect(await run(ok.port)).toEqual({
      code: 0,
      output: `http://127.0.0.1:${ok.port}/healthz: 200 {"status":"200"}\n`,
    })
    expect(ok.hits).toEqual(['/healthz'])
    const draining = await stub([503])
    const refused = await run(draining.port)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('503 {"status":"503"} (try 1 of 1)')
  })

  it('fails when nothing listens, or nothing answers within the timeout', async () => {
    const gone = await stub([200])
    servers.pop()!.close()
    expect((await run(gone.port)).code).toBe(1)
    const silent = await stub(['silent'])
    const hung = await run(silent.port, ['--timeout', '0.3'])
    expect(hung.code).toBe(1)
    expect(hung.output).toContain('no answer within 0.3 s (try 1 of 1)')
  })

  it('with --alive, counts any answer as alive and fails only after tries in a row with none', async () => {
    const draining = await stub([503])
    expect((await run(draining.port, ['--alive'])).code).toBe(0)

    const recovers = await stub(['reset', 'reset', 200])
    const args = ['--alive', '--tries', '3', '--interval', '0.1']
    expect((await run(recovers.port, args)).code).toBe(0)
    expect(recovers.hits).toHaveLength(3)

    const dead = await stub(['reset'])
    const failed = await run(dead.port, args)
    expect(failed.code).toBe(1)
    expect(dead.hits).toHaveLength(3)
    expect(failed.output).toContain('(try 3 of 3)')
  })

  it('refuses arguments that are not positive numbers', async () => {
    const ok = await stub([200])
    const wrong = await run(ok.port, ['--tries', 'three'])
    expect(wrong).toEqual({ code: 1, output: '--tries must be a positive number, not three\n' })
    expect(ok.hits).toEqual([])
  })
})
