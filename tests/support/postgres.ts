import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'

export interface PostgresCluster {
  url: string
  stop(): void
}

function findBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  for (const v of versions) {
    const dir = path.join(root, v, 'bin')
    if (existsSync(path.join(dir, 'pg_ctl'))) return dir
  }
  throw new Error(
    'PostgreSQL server binaries were not found under /usr/lib/postgresql/*/bin. ' +
      'Install the postgresql package, set PG_BIN_DIR, or point TEST_DATABASE_URL at a server.',
  )
}

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/**
 * Starts a throwaway cluster on loopback, tuned for tests (no fsync). The server refuses to run
 * as root, so as root it runs as the `postgres` user.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findBinDir()
  const asRoot = userInfo().uid === 0
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-test-'))
  chmodSync(dir, 0o777)
  const dataDir = path.join(dir, 'data')
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd)
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' })
    else execFileSync(full, args, { stdio: 'pipe' })
  }
  const port = await freePort()
  try {
    run('initdb', [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ])
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      'start',
    ])
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error)
    throw new Error(`Could not start a test PostgreSQL cluster: ${stderr}`)
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/**
 * Drops a test database once the servers that used it have let go of their connections (no
 * forced termination, which would reach clients still closing): tries for up to ten seconds.
 */
export async function dropDatabaseWhenFree(
  admin: { query(sql: string): Promise<unknown> },
  name: string,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`)
      return
    } catch (error) {
      if (attempt >= 100) throw error
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}
