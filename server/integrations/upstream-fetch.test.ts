import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  MAX_UPSTREAM_BODY_BYTES,
  UpstreamError,
  expectOk,
  fetchJson,
  fetchXml,
  parseRetryAfter,
  parseWith,
  retryAfterSeconds,
  upstreamRequest,
} from './upstream-fetch.ts'
import { createUpstreamBudgets } from './upstream-budget.ts'
import { systemClock } from '../shared/clock.ts'
import { createLogger } from '../shared/logger.ts'

// A loopback upstream whose behaviour each test chooses.
let handle: (req: IncomingMessage, res: ServerResponse) => void
let server: Server
let base = ''
beforeAll(async () => {
  server = createServer((req, res) => handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
})

function answer(status: number, type: string, body: string, headers: Record<string, string> = {}) {
  handle = (_req, res) => res.writeHead(status, { 'content-type': type, ...headers }).end(body)
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof UpstreamError) return error
    throw error
  }
  throw new Error('expected an UpstreamError')
}

const signal = () => AbortSignal.timeout(5_000)
// A fresh budget per request: these tests are about the request, not about the budget.
const budget = () =>
  createUpstreamBudgets({ clock: systemClock, logger: createLogger('silent') }).of('swpc')
const call = () => ({ budget: budget(), signal: signal() })

describe('Retry-After', () => {
  const now = Date.parse('2026-11-23T12:00:00Z')

  it('reads delay-seconds and an HTTP date into the same unit, milliseconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000)
    expect(parseRetryAfter('0', now)).toBe(0)
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:01:30 GMT', now)).toBe(90_000)
    // A date already past means "now", not a negative wait.
    expect(parseRetryAfter('Mon, 23 Nov 2026 11:00:00 GMT', now)).toBe(0)
  })

  it('ignores what is neither', () => {
    for (const value of [null, '', '  ', 'soon', '-5'])
      expect(parseRetryAfter(value, now)).toBeNull()
  })

  it('turns milliseconds into the whole seconds a visitor is told, at least one', () => {
    expect(retryAfterSeconds(0)).toBe(1)
    expect(retryAfterSeconds(1_200)).toBe(2)
    expect(retryAfterSeconds(90_000)).toBe(90)
  })

  it('comes back from a 429 in both forms, and an unsuccessful status is an error carrying it', async () => {
    answer(429, 'application/json', '{"error":"slow down"}', { 'retry-after': '30' })
    const seconds = await upstreamRequest(`${base}/limited`, call())
    expect(seconds).toMatchObject({ status: 429, ok: false, retryAfterMs: 30_000 })
    expect(seconds.json).toEqual({ error: 'slow down' })

    const at = new Date(Date.now() + 60_000).toUTCString()
    answer(503, 'text/plain', 'maintenance', { 'retry-after': at })
    const date = await upstreamRequest(`${base}/limited`, call())
    // HTTP dates have whole seconds: the wait is within a second of a minute.
    expect(date.retryAfterMs).toBeGreaterThan(58_000)
    expect(date.retryAfterMs).toBeLessThanOrEqual(60_000)
    const error = await failure(Promise.resolve().then(() => expectOk(date)))
    expect(error).toMatchObject({ status: 503, retryAfterMs: date.retryAfterMs })
  })
})

describe('fetchJson and fetchXml', () => {
  it('answer JSON and a feed when the upstream sends them', async () => {
    answer(200, 'application/json; charset=utf-8', '{"kp":3}')
    expect(await fetchJson(`${base}/kp`, call())).toEqual({ kp: 3 })
    answer(200, 'application/rss+xml', '<rss><channel/></rss>')
    expect(await fetchXml(`${base}/feed`, call())).toBe('<rss><channel/></rss>')
  })

  it('refuse an HTML page with status 200, declared or not', async () => {
    answer(200, 'text/html', '<!doctype html><title>Gateway</title>')
    expect((await failure(fetchJson(`${base}/kp`, call()))).message).toBe(
      'answered HTML instead of JSON',
    )
    answer(200, 'text/plain', '  <html><body>Just a moment…</body></html>')
    expect((await failure(fetchJson(`${base}/kp`, call()))).message).toBe(
      'answered HTML instead of JSON',
    )
    answer(200, 'text/html; charset=utf-8', '<!DOCTYPE html><p>Blocked</p>')
    expect((await failure(fetchXml(`${base}/feed`, call()))).message).toBe(
      'answered HTML instead of a feed',
    )
  })

  it('refuse malformed JSON and a 5xx', async () => {
    answer(200, 'application/json', '{"kp":')
    expect((await failure(fetchJson(`${base}/kp`, call()))).message).toBe('answered malformed JSON')
    answer(502, 'application/json', '{}')
    expect(await failure(fetchJson(`${base}/kp`, call()))).toMatchObject({
      status: 502,
      message: 'answered 502',
    })
  })
})

describe('upstreamRequest', () => {
  it('gives up at the deadline when the upstream never answers', async () => {
    handle = () => {}
    const started = performance.now()
    const error = await failure(
      upstreamRequest(`${base}/silent`, { budget: budget(), signal: AbortSignal.timeout(150) }),
    )
    expect(error.message).toBe('timed out')
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('gives up at the deadline when the body stalls after the headers', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"partial":')
    }
    const error = await failure(
      upstreamRequest(`${base}/stall`, { budget: budget(), signal: AbortSignal.timeout(150) }),
    )
    expect(error.message).toMatch(/timed out/)
  })

  it('refuses a body over the limit while reading it, declared or streamed', async () => {
    handle = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(MAX_UPSTREAM_BODY_BYTES + 1),
      })
      res.end()
    }
    expect((await failure(upstreamRequest(`${base}/big`, call()))).message).toBe(
      'answered an oversized body',
    )

    let sent = 0
    const chunk = Buffer.alloc(256 * 1024, 'a')
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      const pump = () => {
        while (sent < MAX_UPSTREAM_BODY_BYTES * 4) {
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      res.on('close', () => res.destroy())
      pump()
    }
    expect((await failure(upstreamRequest(`${base}/endless`, call()))).message).toBe(
      'answered an oversized body',
    )
    // It stopped reading soon after the limit instead of taking all 20 MB.
    expect(sent).toBeLessThan(MAX_UPSTREAM_BODY_BYTES * 4)
  })

  it('sends the method, headers and body, with its user agent unless the caller names one', async () => {
    let seen: { method?: string; agent?: string; auth?: string; body: string } = { body: '' }
    handle = (req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        seen = {
          method: req.method,
          agent: req.headers['user-agent'],
          auth: req.headers.authorization,
          body,
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
      })
    }
    const posted = await upstreamRequest(`${base}/token`, {
      method: 'POST',
      headers: { authorization: 'Basic abc', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token',
      ...call(),
    })
    expect(posted.json).toEqual({ ok: true })
    expect(seen).toEqual({
      method: 'POST',
      agent: expect.stringMatching(/^AstroCosmosSite\//),
      auth: 'Basic abc',
      body: 'grant_type=refresh_token',
    })
    await upstreamRequest(`${base}/bot`, {
      budget: budget(),
      headers: { 'user-agent': 'DiscordBot (x)' },
    })
    expect(seen.agent).toBe('DiscordBot (x)')
  })

  it('parses the body only when the upstream declares JSON', async () => {
    answer(200, 'text/plain', '{"looks":"like json"}')
    const plain = await upstreamRequest(`${base}/plain`, call())
    expect(plain.json).toBeNull()
    expect(plain.text).toBe('{"looks":"like json"}')
  })

  it('refuses to follow a redirect when told so', async () => {
    handle = (_req, res) => res.writeHead(302, { location: `${base}/elsewhere` }).end()
    expect(
      (await failure(upstreamRequest(`${base}/moved`, { redirect: 'error', ...call() }))).message,
    ).toMatch(/^request failed/)
  })

  it('never leaves loopback in a test', async () => {
    const error = await failure(
      upstreamRequest('https://services.swpc.noaa.gov/', { budget: budget() }),
    )
    expect(error.message).toMatch(/Unexpected outbound request/)
  })
})

describe('parseWith', () => {
  it('checks a payload against its schema', () => {
    const Kp = z.object({ kp: z.number() })
    expect(parseWith(Kp, { kp: 4 })).toEqual({ kp: 4 })
    expect(() => parseWith(Kp, { kp: 'four' })).toThrow(UpstreamError)
  })
})
