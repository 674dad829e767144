import { describe, expect, it } from 'vitest'
import { testClock } from '../../tests/support/clock.ts'
import { RateLimited } from '../shared/errors.ts'
import {
  ADDRESS_WINDOW_MS,
  addressKey,
  createAddressRateLimit,
  upstreamRateMessage,
} from './address-rate-limit.ts'

function refusal(fn: () => void): RateLimited {
  try {
    fn()
  } catch (error) {
    if (error instanceof RateLimited) return error
    throw error
  }
  throw new Error('expected 429')
}

describe('addressKey', () => {
  it('counts IPv4 as itself, also when written as IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:a:b::/64'
    expect(addressKey('2001:db8:a:b::1')).toBe(key)
    expect(addressKey('2001:0db8:000a:000b:ffff:1:2:3')).toBe(key)
    expect(addressKey('2001:DB8:A:B:0:0:0:9')).toBe(key)
    expect(addressKey('2001:db8:a:c::1')).not.toBe(key)
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
  })
})

describe('per-address rate limit', () => {
  it('answers 429 with Retry-After past the limit, per endpoint and address, for a minute', () => {
    const time = testClock()
    const limit = createAddressRateLimit({ clock: time, limit: 3 })
    for (let i = 0; i < 3; i++) limit.hit('/discord/widget', '198.51.100.1')
    time.advance(15_000)
    const error = refusal(() => limit.hit('/discord/widget', '198.51.100.1'))
    expect(error.retryAfterSeconds).toBe(45)
    expect(error.message).toBe(upstreamRateMessage(45))
    expect(error.message).toBe(
      'Too many requests from this network. Please try again in 45 seconds.',
    )
    // Another address, and the same address on another endpoint, are counted apart.
    limit.hit('/discord/widget', '198.51.100.2')
    limit.hit('/radio/station', '198.51.100.1')
    time.advance(ADDRESS_WINDOW_MS - 15_000)
    limit.hit('/discord/widget', '198.51.100.1')
  })

  it('holds a bounded number of addresses, forgetting the least recently seen', () => {
    const time = testClock()
    const limit = createAddressRateLimit({ clock: time, limit: 2, maxEntries: 1_000 })
    limit.hit('/apod', '192.0.2.1')
    limit.hit('/apod', '192.0.2.1')
    for (let i = 0; i < 50_000; i++) {
      limit.hit('/apod', `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)
      if (i % 100 === 0) expect(() => limit.hit('/apod', '192.0.2.1')).toThrow(RateLimited)
    }
    expect(limit.size).toBeLessThanOrEqual(1_000)
  })
})
