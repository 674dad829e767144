import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const base = { DATA_DIR: '/tmp/site-config-test', SESSION_SECRET: 'x'.repeat(40) }

describe('UPSTREAM_RATE_LIMIT_PER_MINUTE', () => {
  it('defaults to 120 requests and reads a whole number from 1 to 100000', () => {
    expect(loadConfig(base).upstreamRateLimitPerMinute).toBe(120)
    expect(
      loadConfig({ ...base, UPSTREAM_RATE_LIMIT_PER_MINUTE: '1' }).upstreamRateLimitPerMinute,
    ).toBe(1)
    expect(
      loadConfig({ ...base, UPSTREAM_RATE_LIMIT_PER_MINUTE: '100000' }).upstreamRateLimitPerMinute,
    ).toBe(100_000)
  })

  it.each([
    ['0', 'UPSTREAM_RATE_LIMIT_PER_MINUTE must be at least 1'],
    ['100001', 'UPSTREAM_RATE_LIMIT_PER_MINUTE must be at most 100000'],
    ['2.5', 'UPSTREAM_RATE_LIMIT_PER_MINUTE must be a whole number'],
    ['lots', 'UPSTREAM_RATE_LIMIT_PER_MINUTE must be a number of requests'],
  ])('refuses %s with a clear message', (value, message) => {
    const load = () => loadConfig({ ...base, UPSTREAM_RATE_LIMIT_PER_MINUTE: value })
    expect(load).toThrow(ConfigError)
    expect(load).toThrow(message)
  })
})
