import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { endpoint } from '../api/define.ts'
import type { Services } from '../services/index.ts'
import { mountApi } from './api.ts'
import { createBodyGate } from './body-gate.ts'
import type { AppEnv } from './env.ts'
import { errorHandler } from './error-handler.ts'
import { HTTP_MESSAGES } from './errors.ts'
import { createLogger } from '../shared/logger.ts'

/** The mechanism on its own, with endpoints made for the test: access, parsing, error envelope. */
function appWith(
  user: { role: 'user' | 'admin' } | null,
  ...routes: ReturnType<typeof endpoint>[]
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
  mountApi(app, routes, {} as Services, createBodyGate(4 * 1024 * 1024, 16))
  app.onError(errorHandler(createLogger('silent')))
  return app
}

const adminThing = endpoint({
  method: 'POST',
  path: '/thing',
  access: 'admin',
  source: 'json',
  input: z.object({
    name: z.string({ error: 'Name is required' }).min(2, { error: 'Name is too short' }),
  }),
  handler: ({ input }) => ({ got: input.name }),
})

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
    const list = endpoint({
      method: 'GET',
      path: '/list',
      access: 'public',
      source: 'query',
      input: z.object({ page: z.coerce.number().int().positive().default(1) }),
      handler: ({ input }) => ({ page: input.page }),
    })
    expect(await (await appWith(null, list).request('/_api/list?page=3')).json()).toEqual({
      page: 3,
    })
    expect((await appWith(null, list).request('/_api/list?page=-1')).status).toBe(400)
  })

  it('never lets an unexpected error reach the client', async () => {
    const boom = endpoint({
      method: 'GET',
      path: '/boom',
      access: 'public',
      source: 'none',
      input: z.object({}),
      handler: () => {
        throw new Error('secret internals at /srv/app.ts:42')
      },
    })
    const res = await appWith(null, boom).request('/_api/boom')
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(text).not.toContain('secret')
    expect(JSON.parse(text)).toEqual({ error: HTTP_MESSAGES.internal })
  })
})
