import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E } from '../support/e2e-accounts.ts'
import { startProductionServer } from '../support/start-command.ts'
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
  let server: Awaited<ReturnType<typeof startProductionServer>>
  let dataDir: string
  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'site-hardening-'))
    server = await startProductionServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'hardening-1' }, PORT)
  })
  test.afterAll(async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('a POST to a page route is refused with one log line, not a stack trace', async ({
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
    await new Promise((r) => setTimeout(r, 200))
    const logged = server.stderr.slice(before).trim().split('\n').filter(Boolean)
    expect(logged).toHaveLength(1)
    expect(JSON.parse(logged[0]!)).toMatchObject({
      msg: 'page request refused',
      method: 'POST',
      path: '/faqs',
      status: 405,
    })
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
})
