import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type Endpoint, handle, withHeaders } from '../api/define.ts'
import { contract } from '../../contracts/endpoint.ts'
import type { Services } from '../services/index.ts'
import { BODY_LIMITS, BODY_TIMEOUT_MESSAGE, mountApi } from './api.ts'
import { createBodyGate } from './body-gate.ts'
import type { AppEnv } from './env.ts'
import { errorHandler } from './error-handler.ts'
import { HTTP_MESSAGES } from './errors.ts'
import { createLogger } from '../shared/logger.ts'

const shedding = { now: false }

/** The mechanism on its own, with endpoints made for the test: access, parsing, error envelope. */
function appWith(user: { role: 'user' | 'admin' } | null, ...routes: Endpoint[]) {
  return appWithServices({ config: { secureCookies: false } } as Services, user, ...routes)
}

function appWithServices(
  services: Services,
  user: { role: 'user' | 'admin' } | null,
  ...routes: Endpoint[]
) {
  const app = new Hono<AppEnv>()
  app.use(async (c, next) => {
    c.set(
      'user',
      user
        ? {
            id: 1,
            email: 'a@example.com',
            displayName: 'A',
            role: user.role,
            avatarUrl: null,
            createdAt: '',
          }
        : null,
    )
    c.set('ip', '127.0.0.1')
    await next()
  })
  mountApi(app, routes, services, {
    gate: createBodyGate(4 * 1024 * 1024, 16),
    uploadGate: createBodyGate(12 * 1024 * 1024, 4),
    memory: { shedding: () => shedding.now, snapshot: () => ({}) as never },
    bodyReadTimeoutMs: 500,
  })
  app.onError(errorHandler(createLogger('silent')))
  return app
}

const noInput = () => Promise.resolve(z.object({}))

const auditNote = () => ({
  kind: 'faq' as const,
  action: 'update' as const,
  targetId: 1,
  summary: 'Updated FAQ #1',
})

const adminThing = handle(
  contract<{ got: string }>()({
    method: 'POST',
    path: '/thing',
    access: 'admin',
    source: 'json',
    input: () =>
      Promise.resolve(
        z.object({
          name: z.string({ error: 'Name is required' }).min(2, { error: 'Name is too short' }),
        }),
      ),
  }),
  { handler: (input) => ({ got: input.name }) },
)

describe('mountApi', () => {
  it('checks access before reading input: 401, then 403, then validation', async () => {
    const body = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }
    expect((await appWith(null, adminThing).request('/_api/thing', body)).status).toBe(401)
    expect((await appWith({ role: 'user' }, adminThing).request('/_api/thing', body)).status).toBe(
      403,
    )
    const res = await appWith({ role: 'admin' }, adminThing).request('/_api/thing', body)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: 'Name is required',
      details: { name: ['Name is required'] },
    })
  })

  it('passes parsed input to the handler and answers JSON', async () => {
    const res = await appWith({ role: 'admin' }, adminThing).request('/_api/thing', {
      method: 'POST',
      body: JSON.stringify({ name: 'Orion' }),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ got: 'Orion' })
  })

  it('reads GET input from the query string', async () => {
    const list = handle(
      contract<{ page: number }>()({
        method: 'GET',
        path: '/list',
        access: 'public',
        source: 'query',
        input: () =>
          Promise.resolve(z.object({ page: z.coerce.number().int().positive().default(1) })),
      }),
      { handler: (input) => ({ page: input.page }) },
    )
    expect(await (await appWith(null, list).request('/_api/list?page=3')).json()).toEqual({
      page: 3,
    })
    expect((await appWith(null, list).request('/_api/list?page=-1')).status).toBe(400)
  })

  it('answers an admin change as done when its audit entry cannot be made or written', async () => {
    const logged: string[] = []
    const services = (record: () => Promise<void>) =>
      ({
        config: { secureCookies: false },
        activity: { record },
        logger: { error: (_msg: string, fields: { error: string }) => logged.push(fields.error) },
      }) as unknown as Services
    const changed = (audit: () => never | ReturnType<typeof auditNote>) =>
      handle(
        contract<{ done: boolean }>()({
          method: 'POST',
          path: '/change',
          access: 'admin',
          source: 'json',
          input: noInput,
        }),
        { audit, handler: () => ({ done: true }) },
      )
    const post = (app: Hono<AppEnv>) =>
      app.request('/_api/change', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      })

    const unwritable = appWithServices(
      services(() => Promise.reject(new Error('disk full'))),
      { role: 'admin' },
      changed(auditNote),
    )
    const res = await post(unwritable)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ done: true })

    const unmade = appWithServices(
      services(() => Promise.resolve()),
      { role: 'admin' },
      changed(() => {
        throw new Error('no title to name it by')
      }),
    )
    expect((await post(unmade)).status).toBe(200)
    expect(logged).toEqual(['disk full', 'no title to name it by'])
  })

  it('never lets an unexpected error reach the client', async () => {
    const boom = handle(
      contract<never>()({
        method: 'GET',
        path: '/boom',
        access: 'public',
        source: 'none',
        input: noInput,
      }),
      {
        handler: () => {
          throw new Error('secret internals at /srv/app.ts:42')
        },
      },
    )
    const res = await appWith(null, boom).request('/_api/boom')
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(text).not.toContain('secret')
    expect(JSON.parse(text)).toEqual({ error: HTTP_MESSAGES.internal })
  })

  it('refuses a heavy endpoint with 503 and Retry-After while memory is short, and nothing else', async () => {
    const heavy = handle(
      contract<{ ok: boolean }>()({
        method: 'GET',
        path: '/heavy',
        access: 'public',
        source: 'none',
        input: noInput,
      }),
      { heavy: true, handler: () => ({ ok: true }) },
    )
    const light: Endpoint = { ...heavy, path: '/light', heavy: false }
    const app = appWith(null, heavy, light)
    shedding.now = true
    try {
      const res = await app.request('/_api/heavy')
      expect(res.status).toBe(503)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await res.json()).toEqual({
        error: 'The server is busy. Please try again in a moment.',
      })
      expect((await app.request('/_api/light')).status).toBe(200)
    } finally {
      shedding.now = false
    }
    expect((await app.request('/_api/heavy')).status).toBe(200)
  })

  it("holds a body to its endpoint's own limit, or its access's default", async () => {
    const small: Endpoint = { ...adminThing, path: '/small', access: 'public', maxBodyBytes: 100 }
    const byDefault: Endpoint = { ...adminThing, path: '/default', access: 'public' }
    const app = appWith(null, small, byDefault)
    const post = (path: string, size: number) =>
      app.request(path, {
        method: 'POST',
        body: JSON.stringify({ name: 'x'.repeat(size) }),
        headers: { 'content-type': 'application/json' },
      })
    expect((await post('/_api/small', 50)).status).toBe(200)
    expect((await post('/_api/small', 101)).status).toBe(413)
    expect((await post('/_api/default', BODY_LIMITS.public - 20)).status).toBe(200)
    expect((await post('/_api/default', BODY_LIMITS.public)).status).toBe(413)
  })

  it('answers 408 and ends the connection when a body trickles past the read deadline', async () => {
    const app = appWith({ role: 'admin' }, adminThing)
    let timer: ReturnType<typeof setInterval> | undefined
    const trickle = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"'))
        timer = setInterval(() => controller.enqueue(new TextEncoder().encode('a')), 100)
      },
    })
    const started = Date.now()
    try {
      const res = await app.request('/_api/thing', {
        method: 'POST',
        body: trickle,
        headers: { 'content-type': 'application/json' },
        duplex: 'half',
      } as RequestInit)
      expect(res.status).toBe(408)
      expect(res.headers.get('connection')).toBe('close')
      expect(await res.json()).toEqual({ error: BODY_TIMEOUT_MESSAGE })
      expect(Date.now() - started).toBeLessThan(2000)
    } finally {
      clearInterval(timer)
    }
  })
})

describe('a contract mounted with handle()', () => {
  const created = contract<{ id: number; name: string }>()({
    method: 'POST',
    path: '/things/create',
    access: 'admin',
    source: 'json',
    input: () => Promise.resolve(z.object({ name: z.string().min(2, { error: 'Too short' }) })),
    status: 201,
    cache: 'no-store',
  })
  const fresh = contract<{ ageSeconds: number }>()({
    method: 'GET',
    path: '/things/fresh',
    access: 'public',
    source: 'none',
    input: () => Promise.resolve(z.object({})),
    cache: 'no-cache',
  })
  const app = () =>
    appWith(
      { role: 'admin' },
      handle(created, { handler: (input) => ({ id: 7, name: input.name }) }),
      handle(fresh, { handler: () => withHeaders({ ageSeconds: 42 }, { Age: '42' }) }),
    )
  const post = (body: unknown) =>
    app().request('/_api/things/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it("answers with the contract's status and cache policy", async () => {
    const res = await post({ name: 'Vega' })
    expect(res.status).toBe(201)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ id: 7, name: 'Vega' })
  })

  it('parses the input with the schema the contract loads', async () => {
    const res = await post({ name: 'V' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Too short', details: { name: ['Too short'] } })
  })

  it('adds the headers a handler gives with its answer', async () => {
    const res = await app().request('/_api/things/fresh')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('age')).toBe('42')
    expect(await res.json()).toEqual({ ageSeconds: 42 })
  })

  it("sends a handler's own Response with the contract's cache policy and the cookies it set", async () => {
    const page = contract<never>()({
      method: 'GET',
      path: '/things/page',
      access: 'public',
      source: 'none',
      input: noInput,
      cache: 'no-store',
    })
    const res = await appWith(
      null,
      handle(page, {
        handler: (_input, { setSession }) => {
          setSession({ token: 'abc', expiresAt: new Date(Date.now() + 60_000) })
          return new Response('<p>done</p>', {
            status: 202,
            headers: { 'Content-Type': 'text/html', 'X-Own': 'yes' },
          })
        },
      }),
    ).request('/_api/things/page')
    expect(res.status).toBe(202)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-type')).toBe('text/html')
    expect(res.headers.get('x-own')).toBe('yes')
    expect(res.headers.get('set-cookie')).toMatch(/=abc;.*HttpOnly/)
    expect(await res.text()).toBe('<p>done</p>')
  })

  it('leaves the Cache-Control a Response sets itself', async () => {
    const own = contract<never>()({
      method: 'GET',
      path: '/things/own',
      access: 'public',
      source: 'none',
      input: noInput,
      cache: 'no-store',
    })
    const app = appWith(
      null,
      handle(own, {
        handler: () => new Response('own', { headers: { 'Cache-Control': 'private, max-age=5' } }),
      }),
    )
    expect((await app.request('/_api/things/own')).headers.get('cache-control')).toBe(
      'private, max-age=5',
    )
  })
})
