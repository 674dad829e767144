import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { TEXT_MESSAGES } from '../../contracts/text.ts'
import { API_ROUTES } from '../../server/api/routes.ts'
import { createHttpApp, type HttpApp } from '../../server/http/app.ts'
import { REQUEST_TEXT_MESSAGES } from '../../server/http/request-text.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { loaderOnlyBuild, type PageRoute } from './page-loaders.ts'

/**
 * Text that no engine stores as it was sent, anywhere a request carries text: every route's path,
 * its query string, every endpoint's body. PostgreSQL refuses NUL in a text column; a broken
 * escape or a lone surrogate would be stored as U+FFFD. Each is a 400 (or 404), never a 500, on
 * both engines. The routes are read from the app itself, so a new one is covered when it is added.
 */
const BAD_IN_ADDRESS = [
  { what: 'NUL', text: 'a%00b', message: REQUEST_TEXT_MESSAGES.nul },
  {
    what: 'a cut-off UTF-8 sequence',
    text: 'a%E0%A4%A',
    message: REQUEST_TEXT_MESSAGES.brokenEncoding,
  },
  {
    what: 'bytes that are not UTF-8',
    text: 'a%FF%FEb',
    message: REQUEST_TEXT_MESSAGES.brokenEncoding,
  },
  {
    what: 'an encoded surrogate',
    text: '%ED%A0%80',
    message: REQUEST_TEXT_MESSAGES.brokenEncoding,
  },
  { what: 'a bare percent sign', text: '100%', message: REQUEST_TEXT_MESSAGES.brokenEncoding },
] as const

/** The query parameters the pages' loaders read (their routes' params are in the path). */
const PAGE_QUERY = ['page', 'search', 'tab']

let t: TestApp
let app: HttpApp
let pages: PageRoute[]
let admin: string

beforeAll(async () => {
  t = await createTestApp()
  const loaded = await loaderOnlyBuild()
  pages = loaded.pages
  app = createHttpApp({ services: t.services, loadBuild: async () => loaded.build })
  admin = (await t.signedIn('admin')).cookie
})
afterAll(() => t.close())

async function send(
  url: string,
  init: { method?: string; cookie?: string; body?: BodyInit; type?: string } = {},
) {
  const headers: Record<string, string> = {}
  if (init.cookie) headers.cookie = init.cookie
  if (init.type) headers['content-type'] = init.type
  const res = await app.request(
    `http://localhost${url}`,
    { method: init.method ?? 'GET', headers, body: init.body },
    { incoming: { socket: { remoteAddress: '198.51.100.20' } } } as never,
  )
  const text = await res.text()
  return { status: res.status, text, type: res.headers.get('content-type') ?? '' }
}

/** Every route's path with each parameter and wildcard filled in, and the method it answers. */
async function routePaths(): Promise<Array<{ method: string; path: string; query: string[] }>> {
  const fields = new Map<string, string[]>()
  for (const ep of API_ROUTES) fields.set(`/_api${ep.path}`, fieldsOf(await ep.schema()))
  const seen = new Map<string, { method: string; path: string; query: string[] }>()
  for (const route of app.routes) {
    // Middleware and the catch-alls: the pages below stand for those.
    if (route.path === '*' || route.path === '/*' || route.path === '/_api/*') continue
    const method = route.method === 'ALL' ? 'GET' : route.method
    seen.set(route.path, {
      method: seen.get(route.path)?.method ?? method,
      path: route.path,
      query: fields.get(route.path) ?? ['q'],
    })
  }
  for (const page of pages)
    seen.set(page.pattern, { method: 'GET', path: page.pattern, query: PAGE_QUERY })
  return [...seen.values()]
}

function fieldsOf(schema: z.ZodType): string[] {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : null
  return shape && Object.keys(shape).length ? Object.keys(shape) : ['q']
}

/** The path with its parameters (`:slug`, `*`) replaced by `text`, or null when it has none. */
function withParams(path: string, text: string): string | null {
  const filled = path.replace(/:[A-Za-z]+|\*/g, text)
  return filled === path ? null : filled
}

describe('an address that does not decode to clean text', () => {
  it('is a 400 on every route: in a path parameter, a query parameter, or after the path', async () => {
    const failures: string[] = []
    let probes = 0
    for (const route of await routePaths()) {
      const base = withParams(route.path, 'slug') ?? route.path
      for (const bad of BAD_IN_ADDRESS) {
        const urls = [
          ...route.query.map((name) => `${base}?${name}=${bad.text}`),
          `${base}?ok=1&${bad.text}=1`,
          // React Router's data requests for the same page.
          ...(route.path.startsWith('/_api')
            ? []
            : [`${base === '/' ? '/_root' : base}.data?page=${bad.text}`]),
        ]
        const inPath = withParams(route.path, bad.text)
        urls.push(inPath ?? `${route.path.replace(/\/$/, '')}/${bad.text}`)
        if (inPath && !route.path.startsWith('/_api')) urls.push(`${inPath}.data`)
        for (const url of urls) {
          for (const cookie of [undefined, admin]) {
            probes++
            const res = await send(url, { method: route.method, cookie })
            const api = url.startsWith('/_api')
            const expected = api ? JSON.stringify({ error: bad.message }) : bad.message
            if (res.status !== 400 || res.text !== expected)
              failures.push(
                `${route.method} ${url}${cookie ? ' (admin)' : ''}: ${res.status} ${res.text.slice(0, 80)}`,
              )
          }
        }
      }
    }
    expect(failures).toEqual([])
    // Every kind of route was reached: pages with slugs, the API, feeds, uploads.
    const paths = (await routePaths()).map((r) => r.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/blog/:slug',
        '/:slug',
        '/_api/blog/list',
        '/rss.xml',
        '/uploads/*',
      ]),
    )
    expect(probes).toBeGreaterThan(1000)
  })

  it('the same pages with clean text are answered by their loaders', async () => {
    expect((await send('/blog/a-b')).status).toBe(404)
    expect((await send('/a-b')).status).toBe(404)
    expect((await send('/blog?search=a%20b&page=2')).status).toBe(200)
    expect((await send('/_api/blog/list?search=caf%C3%A9')).status).toBe(200)
  })

  it('leaves no copy in the page cache', async () => {
    app.pageCache.clear()
    for (const bad of BAD_IN_ADDRESS) {
      for (const url of [
        `/blog?page=${bad.text}`,
        `/videos?page=${bad.text}`,
        `/blog/${bad.text}`,
        `/${bad.text}`,
      ])
        expect((await send(url)).status).toBe(400)
    }
    expect(app.pageCache.stats().entries).toBe(0)
    expect((await send('/blog')).status).toBe(200)
    expect(app.pageCache.stats().entries).toBe(1)
  })
})

describe('a body that does not hold clean text', () => {
  const jsonEndpoints = () => API_ROUTES.filter((ep) => ep.source === 'json')

  it('a lone surrogate in any field of any JSON endpoint is a 400 naming the field', async () => {
    const failures: string[] = []
    for (const ep of jsonEndpoints()) {
      for (const field of [...fieldsOf(await ep.schema()), 'other']) {
        for (const value of ['a\ud800b', ['\udfff'], { inner: 'x\ud83d' }]) {
          const res = await send(`/_api${ep.path}`, {
            method: ep.method,
            cookie: admin,
            type: 'application/json',
            body: JSON.stringify({ [field]: value }),
          })
          const body = JSON.parse(res.text) as {
            error?: string
            details?: Record<string, string[]>
          }
          if (res.status !== 400 || body.error !== TEXT_MESSAGES.unicode)
            failures.push(`${ep.path} ${field}: ${res.status} ${res.text.slice(0, 80)}`)
        }
      }
      const inKey = await send(`/_api${ep.path}`, {
        method: ep.method,
        cookie: admin,
        type: 'application/json',
        body: '{"a\\ud800": 1}',
      })
      if (inKey.status !== 400) failures.push(`${ep.path} key: ${inKey.status}`)
    }
    expect(failures).toEqual([])
  })

  it('bytes that are not UTF-8 in any JSON endpoint are a 400', async () => {
    const failures: string[] = []
    for (const ep of jsonEndpoints()) {
      for (const field of fieldsOf(await ep.schema())) {
        const body = Buffer.concat([
          Buffer.from(`{"${field}":"a`),
          Buffer.from([0xff, 0xfe, 0xc3]),
          Buffer.from('"}'),
        ])
        const res = await send(`/_api${ep.path}`, {
          method: ep.method,
          cookie: admin,
          type: 'application/json',
          body,
        })
        if (res.status !== 400 || JSON.parse(res.text).error !== TEXT_MESSAGES.utf8)
          failures.push(`${ep.path} ${field}: ${res.status} ${res.text.slice(0, 80)}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('NUL in any field of any endpoint, JSON or multipart, is never a 5xx', async () => {
    const failures: string[] = []
    // Signing out ends the session the other probes use: it goes last.
    const endpoints = [...API_ROUTES].sort(
      (a, b) => Number(a.path === '/auth/logout') - Number(b.path === '/auth/logout'),
    )
    for (const ep of endpoints.filter((e) => e.source !== 'none')) {
      for (const field of fieldsOf(await ep.schema())) {
        let res
        if (ep.source === 'multipart') {
          const form = new FormData()
          form.set(field, 'a\u0000b')
          form.set(`${field}-file`, new Blob([new Uint8Array([0, 1, 2])]), 'x\u0000.png')
          res = await send(`/_api${ep.path}`, { method: ep.method, cookie: admin, body: form })
        } else if (ep.source === 'json') {
          res = await send(`/_api${ep.path}`, {
            method: ep.method,
            cookie: admin,
            type: 'application/json',
            body: JSON.stringify({ [field]: 'a\u0000b' }),
          })
        } else {
          res = await send(`/_api${ep.path}?${field}=a%00b`, { method: ep.method, cookie: admin })
        }
        if (res.status >= 500)
          failures.push(`${ep.path} ${field}: ${res.status} ${res.text.slice(0, 80)}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('a multipart field that is not UTF-8 is never a 5xx', async () => {
    const failures: string[] = []
    for (const ep of API_ROUTES.filter((e) => e.source === 'multipart')) {
      for (const field of fieldsOf(await ep.schema())) {
        const boundary = 'boundary7d'
        const body = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n`),
          Buffer.from([0x61, 0xff, 0xfe, 0x00, 0x62]),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ])
        const res = await send(`/_api${ep.path}`, {
          method: ep.method,
          cookie: admin,
          type: `multipart/form-data; boundary=${boundary}`,
          body,
        })
        if (res.status >= 500) failures.push(`${ep.path} ${field}: ${res.status}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('text that is clean still reaches the database whole', async () => {
    const res = await send('/_api/blog/create', {
      method: 'POST',
      cookie: admin,
      type: 'application/json',
      body: JSON.stringify({ title: 'Café 🌌 Orion', content: '<p>Nebula</p>' }),
    })
    expect(res.status).toBe(200)
    expect(JSON.parse(res.text).title).toBe('Café 🌌 Orion')
  })
})
