import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientIp } from '../../server/http/app.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

const LOGIN = '/_api/auth/login_with_password'
const PROXY = '127.0.0.1'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' } })
})
afterAll(() => t.close())

/** What one nginx in front sends: the client's own header, then the address nginx saw. */
const viaProxy = (clientWrote: string, realClient: string) => ({
  'x-forwarded-for': `${clientWrote}, ${realClient}`,
})

describe('TRUST_PROXY=1: the client address is one hop from the right', () => {
  it('rotating X-Forwarded-For values does not escape the login limit', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 22; i++) {
      const res = await t.request(LOGIN, {
        json: { email: `victim${i}@example.com`, password: 'guess' },
        ip: PROXY,
        headers: viaProxy(`10.0.${i}.${i}`, '198.51.100.20'),
      })
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(20)).toEqual([429, 429])
  })

  it('the contact form takes 5 an hour from one client, however it fills the header', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const res = await t.request('/_api/contact/submit', {
        json: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          subject: 'Telescope question',
          message: 'Which eyepiece should I buy first?',
        },
        ip: PROXY,
        headers: viaProxy(`192.0.2.${i}`, '198.51.100.30'),
      })
      statuses.push(res.status)
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(3)
  })
})

describe('clientIp', () => {
  it('reads the entry `hops` from the right and ignores what the client wrote', () => {
    expect(clientIp('10.0.0.1', 'spoofed, 198.51.100.1', 1)).toBe('198.51.100.1')
    expect(clientIp('10.0.0.1', 'spoofed, 198.51.100.1, 10.0.0.9', 2)).toBe('198.51.100.1')
    expect(clientIp('10.0.0.1', '198.51.100.1', 0)).toBe('10.0.0.1')
    expect(clientIp('10.0.0.1', undefined, 1)).toBe('10.0.0.1')
    expect(clientIp('10.0.0.1', 'not-an-ip', 1)).toBe('10.0.0.1')
  })
})
