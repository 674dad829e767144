import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E } from '../support/e2e-accounts.ts'
import { type RunningServer, startServer } from '../../scripts/start-server.ts'
import { loginAs } from './helpers.ts'

test('a signed-in visitor’s page is private to them; an anonymous page varies on the cookie', async ({
  page,
}) => {
  const anonymous = await page.request.get('/faqs')
  expect(anonymous.headers()['vary']).toMatch(/cookie/i)
  expect(anonymous.headers()['cache-control'] ?? '').not.toMatch(/private/)
  await loginAs(page, 'member')
  const mine = await page.request.get('/faqs')
  expect(mine.headers()['cache-control']).toBe('private, no-store')
  expect(mine.headers()['vary']).toMatch(/cookie/i)
})

test.describe('the production server', () => {
  // One server for these tests: they run in one worker, one after the other.
  test.describe.configure({ mode: 'serial' })
  const PORT = E2E.port + 8
  let server: RunningServer
  let dataDir: string
  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'site-hardening-'))
    server = await startServer({
      port: PORT,
      env: { DATA_DIR: dataDir, ADMIN_PASSWORD: 'hardening-1' },
    })
  })
  test.afterAll(async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('a POST to a page route, or a broken address, is refused without a line on the error log', async ({
    request,
  }) => {
    const before = server.stderr.length
    const res = await request.post(`http://127.0.0.1:${PORT}/faqs`, {
      data: 'x=1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: `http://127.0.0.1:${PORT}`,
      },
    })
    expect(res.status()).toBe(405)
    for (const path of ['/%E0%A4%A', '/assets/%E0%A4%A', '/blog/%']) {
      const broken = await request.get(`http://127.0.0.1:${PORT}${path}`)
      expect(broken.status(), path).toBe(400)
      expect(await broken.text()).toBe(
        'This address is not valid: it has a broken percent-encoding.',
      )
    }
    await new Promise((r) => setTimeout(r, 200))
    // What a client sends is not a fault: the request log (info) has these, the error log nothing.
    expect(server.stderr.slice(before)).toBe('')
  })

  test('a client that trickles its headers is dropped, not held for minutes', async () => {
    test.setTimeout(40_000)
    const started = Date.now()
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = net.connect(PORT, '127.0.0.1', () => {
        socket.write('GET / HTTP/1.1\r\nHost: x\r\n')
        const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 1000)
        socket.on('close', () => {
          clearInterval(drip)
          resolve(Date.now() - started)
        })
      })
      socket.on('error', () => undefined)
    })
    // headersTimeout is 15 s, checked every 2 s.
    expect(closedAfter).toBeLessThan(20_000)
  })

  /** Writes `head` (and `body`) on a new connection; the answer's text once the server replies. */
  function raw(head: string, body?: Buffer): Promise<{ text: string; socket: net.Socket }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(PORT, '127.0.0.1', () => {
        socket.write(head)
        if (body) socket.write(body)
      })
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1')
        if (/\r\n\r\n/.test(text)) setTimeout(() => resolve({ text, socket }), 100)
      })
      socket.on('error', reject)
    })
  }

  test('a request line naming another host cannot put its links in the page other visitors get', async ({
    request,
  }) => {
    const base = `http://127.0.0.1:${PORT}`
    // The first request for /faqs since the start: what it renders would be kept.
    const forged = await raw(
      `GET http://evil.example/faqs HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`,
    )
    forged.socket.destroy()
    expect(forged.text).toMatch(/^HTTP\/1\.1 200/)
    for (const path of ['/faqs', '/sitemap.xml']) {
      await raw(
        `GET http://evil.example${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`,
      ).then(({ socket }) => socket.destroy())
      const visitor = await request.get(`${base}${path}`)
      expect(visitor.status()).toBe(200)
      expect(await visitor.text()).not.toContain('evil.example')
    }
  })

  test('a page number past any list shows the first page, not an error', async ({ request }) => {
    for (const query of ['page=2e18', 'page=1e21', 'page=999999999999999999999&search=moon']) {
      const res = await request.get(`http://127.0.0.1:${PORT}/blog?${query}`)
      expect(res.status(), query).toBe(200)
    }
    const api = await request.get(`http://127.0.0.1:${PORT}/_api/blog/list?page=2e18`)
    expect(api.status()).toBe(400)
    expect(await api.json()).toMatchObject({ error: 'Must be at most 100000' })
  })

  test('a chunked body to an endpoint the caller may not use is refused before it is read', async () => {
    // 1 MB sent, the rest (and the last chunk) held back: the answer must not wait for it.
    const chunk = Buffer.alloc(1024 * 1024, 'x')
    const { text, socket } = await raw(
      `POST /_api/admin/users/create HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n` +
        `Origin: http://127.0.0.1:${PORT}\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\n\r\n${chunk.length.toString(16)}\r\n`,
      chunk,
    )
    socket.destroy()
    expect(text).toMatch(/^HTTP\/1\.1 401/)
    // Past a public endpoint's 64 KB, chunked: a 413 answer, not a dropped connection.
    const big = Buffer.alloc(100 * 1024, 'x')
    const over = await raw(
      `POST /_api/contact/submit HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n` +
        `Origin: http://127.0.0.1:${PORT}\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\n\r\n${big.length.toString(16)}\r\n`,
      big,
    )
    over.socket.destroy()
    expect(over.text).toMatch(/^HTTP\/1\.1 413/)
    expect(over.text).toContain('Request body is too large.')
  })
})
