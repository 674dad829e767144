import { describe, expect, it } from 'vitest'
import { newNonce } from './security.ts'

describe('newNonce', () => {
  it('gives 16 random bytes in base64, never the same twice, across refills of its pool', () => {
    const nonces = Array.from({ length: 1000 }, newNonce)
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
    }
    expect(new Set(nonces).size).toBe(nonces.length)
    // Not a counter or a slice repeated at the pool's period (256 nonces).
    expect(nonces[0]).not.toBe(nonces[256])
    expect(new Set(nonces.map((n) => n.slice(0, 4))).size).toBeGreaterThan(900)
  })
})
