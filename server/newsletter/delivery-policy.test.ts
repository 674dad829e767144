import { describe, expect, it } from 'vitest'
import { DELIVERY_RETRY_DELAYS_MS } from '../../contracts/newsletter-constants.ts'
import { classifySmtpError, describeSmtpError, nextAttemptAt } from './delivery-policy.ts'

const now = new Date('2026-11-22T12:00:00.000Z')
const after = (ms: number) => new Date(now.getTime() + ms)

describe('what a failed SMTP attempt means', () => {
  it('a 5xx answer is permanent; a 4xx, a refused connection or a timeout is temporary', () => {
    expect(classifySmtpError({ responseCode: 550, response: '550 No such user' })).toBe('permanent')
    expect(classifySmtpError({ responseCode: 554 })).toBe('permanent')
    expect(classifySmtpError({ responseCode: 421, response: '421 Try later' })).toBe('temporary')
    expect(classifySmtpError({ responseCode: 452 })).toBe('temporary')
    expect(
      classifySmtpError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' })),
    ).toBe('temporary')
    expect(classifySmtpError(Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT' }))).toBe(
      'temporary',
    )
    expect(classifySmtpError(null)).toBe('temporary')
  })

  it('the admin reads the server answer, else the error', () => {
    expect(
      describeSmtpError({ responseCode: 550, response: '550 No such user', message: 'x' }),
    ).toBe('550 No such user')
    expect(describeSmtpError(new Error('connect ECONNREFUSED'))).toBe('connect ECONNREFUSED')
  })

  it('retries after 1 min, 5 min, 30 min, 2 h, then fails; a permanent failure at once', () => {
    expect(DELIVERY_RETRY_DELAYS_MS).toEqual([60_000, 300_000, 1_800_000, 7_200_000])
    expect(nextAttemptAt('temporary', 1, now)).toEqual(after(60_000))
    expect(nextAttemptAt('temporary', 2, now)).toEqual(after(5 * 60_000))
    expect(nextAttemptAt('temporary', 3, now)).toEqual(after(30 * 60_000))
    expect(nextAttemptAt('temporary', 4, now)).toEqual(after(2 * 60 * 60_000))
    expect(nextAttemptAt('temporary', 5, now)).toBeNull()
    expect(nextAttemptAt('permanent', 1, now)).toBeNull()
    expect(nextAttemptAt('temporary', 1, now, [10])).toEqual(after(10))
  })
})
