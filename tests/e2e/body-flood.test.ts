import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { API_ROUTES } from '../../server/api/routes.ts'
import { BODY_LIMITS } from '../../server/http/api.ts'
import { E2E } from '../support/e2e-accounts.ts'
import { healthy, startProductionServer } from '../support/start-command.ts'

/**
 * Anonymous clients flooding every public POST endpoint with maximum-size bodies must never take
 * the server down: the production server (npm start's flags, compiled code) stays up and
 * /healthz keeps answering throughout.
 */
const PORT = E2E.port + 7
const PARALLEL = 50
const ROUNDS = 4

/** JSON that costs the most heap per byte: an array of empty objects, just under the limit. */
function heavyBody(limit: number): string {
  const count = Math.floor((limit - 2) / 3)
  return '[' + Array.from({ length: count }, () => '{}').join(',') + ']'
}

/** The status, or the error code when the server refused the body before it was all sent. */
function post(pathName: string, body: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: pathName,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: 30_000,
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })))
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'ERROR'))
    req.end(body)
  })
}

test('50 parallel maximum-size bodies to every public POST endpoint leave the server up', async () => {
  test.setTimeout(180_000)
  const publicPosts = API_ROUTES.filter(
    (ep) => ep.method === 'POST' && ep.access === 'public' && ep.source === 'json',
  )
  expect(publicPosts.length).toBeGreaterThanOrEqual(5)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-flood-'))
  const server = await startProductionServer(
    { DATA_DIR: dataDir, ADMIN_PASSWORD: 'flood-admin-1' },
    PORT,
  )
  try {
    expect(await healthy(PORT)).toBe(true)
    // Just under the public limit (parsed, then refused by the schema), and 1 MB (refused unread).
    const bodies = [heavyBody(BODY_LIMITS.public), heavyBody(BODY_LIMITS.admin)]
    let healthChecks = 0
    let healthFailures = 0
    let flooding = true
    const watcher = (async () => {
      while (flooding) {
        healthChecks += 1
        if (!(await healthy(PORT, 5000))) healthFailures += 1
        await new Promise((r) => setTimeout(r, 100))
      }
    })()
    const statuses = new Map<number | string, number>()
    for (let round = 0; round < ROUNDS; round++) {
      const body = bodies[round % bodies.length]!
      const results = await Promise.all(
        publicPosts.flatMap((ep) =>
          Array.from({ length: PARALLEL }, () => post(`/_api${ep.path}`, body)),
        ),
      )
      for (const s of results) statuses.set(s, (statuses.get(s) ?? 0) + 1)
      // Under the limit every request is answered; over it the server may answer 413 and close
      // the connection while the client is still sending (EPIPE / ECONNRESET), never time out.
      const allowed = round % bodies.length === 0 ? [400, 429, 503] : [413, 'EPIPE', 'ECONNRESET']
      expect(results.filter((r) => !allowed.includes(r))).toEqual([])
      expect(server.exitCode, server.stderr).toBeNull()
    }
    flooding = false
    await watcher
    expect(server.exitCode, server.stderr).toBeNull()
    expect(server.stderr).not.toContain('heap out of memory')
    expect(healthFailures, `health failures out of ${healthChecks}`).toBe(0)
    test.info().annotations.push({
      type: 'figures',
      description: `${ROUNDS} rounds × ${publicPosts.length} endpoints × ${PARALLEL}; statuses ${JSON.stringify(Object.fromEntries(statuses))}; peak RSS ${server.peakRssMb()} MB; health ${healthChecks} checks`,
    })
    console.log(test.info().annotations.at(-1)?.description)
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
