import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const base = { DATA_DIR: '/tmp/site-config-test', SESSION_SECRET: 'x'.repeat(40) }

describe('MAX_CONNECTIONS', () => {
  it('defaults to 4096 connections and reads a whole number from 16 to 65536', () => {
    expect(loadConfig(base).maxConnections).toBe(4096)
    expect(loadConfig({ ...base, MAX_CONNECTIONS: '16' }).maxConnections).toBe(16)
    expect(loadConfig({ ...base, MAX_CONNECTIONS: '65536' }).maxConnections).toBe(65_536)
  })

  it.each([
    ['8', 'MAX_CONNECTIONS must be at least 16'],
    ['70000', 'MAX_CONNECTIONS must be at most 65536'],
    ['100.5', 'MAX_CONNECTIONS must be a whole number'],
    ['many', 'MAX_CONNECTIONS must be a number of connections'],
  ])('refuses %s with a clear message', (value, message) => {
    expect(() => loadConfig({ ...base, MAX_CONNECTIONS: value })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, MAX_CONNECTIONS: value })).toThrow(message)
  })
})
