import http from 'node:http'
import { parseArgs } from 'node:util'

/**
 * The site's health check, run by plain `node` beside the server (no curl needed): Docker's
 * HEALTHCHECK (deploy/Dockerfile) and the systemd timer (deploy/astro-site-healthcheck.service).
 * It asks GET /healthz of the server on this machine, at the HOST and PORT the server reads.
 *
 *   node deploy/healthcheck.ts
 *     exit 0 when /healthz answers 200 within --timeout seconds, else 1 (Docker counts the
 *     failures in a row itself and marks the container unhealthy).
 *   node deploy/healthcheck.ts --alive --tries 3 --interval 10
 *     exit 1 only when 3 tries in a row, 10 s apart, got no answer at all (refused, reset, or
 *     nothing within the timeout), so the supervisor restarts the server. Any answer counts as
 *     alive: a 503 while it drains or while the database is away is not cured by a restart, and
 *     a restart would lose the page cache that still serves visitors meanwhile.
 */
const { values } = parseArgs({
  options: {
    alive: { type: 'boolean', default: false },
    tries: { type: 'string', default: '1' },
    interval: { type: 'string', default: '10' },
    timeout: { type: 'string', default: '5' },
  },
})
const positive = (name: 'tries' | 'interval' | 'timeout') => {
  const value = Number(values[name])
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} must be a positive number, not ${values[name]}`)
    process.exit(1)
  }
  return value
}
const tries = Math.ceil(positive('tries'))
const intervalMs = positive('interval') * 1000
const timeoutMs = positive('timeout') * 1000

// A server listening on every address is asked on loopback.
const configured = process.env.HOST || '0.0.0.0'
const host = configured === '0.0.0.0' ? '127.0.0.1' : configured === '::' ? '::1' : configured
const port = Number(process.env.PORT || 3000)

type Outcome = { answered: true; status: number; body: string } | { answered: false; why: string }

function check(): Promise<Outcome> {
  return new Promise((resolve) => {
    // No keep-alive: the check leaves no connection behind on the server.
    const req = http.get(
      { host, port, path: '/healthz', timeout: timeoutMs, agent: false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body = (body + chunk).slice(0, 300)))
        res.on('end', () => resolve({ answered: true, status: res.statusCode ?? 0, body }))
        res.on('error', (error) => resolve({ answered: false, why: error.message }))
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)))
    req.on('error', (error) => resolve({ answered: false, why: error.message }))
  })
}

const target = `http://${host.includes(':') ? `[${host}]` : host}:${port}/healthz`
for (let attempt = 1; attempt <= tries; attempt++) {
  const outcome = await check()
  if (outcome.answered && (values.alive || outcome.status === 200)) {
    process.stdout.write(`${target}: ${outcome.status} ${outcome.body}\n`)
    process.exit(0)
  }
  const what = outcome.answered ? `${outcome.status} ${outcome.body}` : outcome.why
  console.error(`${target}: ${what} (try ${attempt} of ${tries})`)
  if (attempt < tries) await new Promise((resolve) => setTimeout(resolve, intervalMs))
}
process.exit(1)
