import { describe, expect, it } from 'vitest'
import { seal, unseal } from './sealed.ts'

const SECRET = 's'.repeat(40)

describe('seal / unseal', () => {
  it('round-trips and never shows the plaintext', () => {
    const sealed = seal(SECRET, 'discord-access-token')
    expect(sealed).toMatch(/^v1\./)
    expect(sealed).not.toContain('discord-access-token')
    expect(unseal(SECRET, sealed)).toBe('discord-access-token')
  })

  it('uses a fresh IV each time', () => {
    expect(seal(SECRET, 'same')).not.toBe(seal(SECRET, 'same'))
  })

  it('answers null under another secret, when tampered with, or for garbage', () => {
    const sealed = seal(SECRET, 'token')
    expect(unseal('t'.repeat(40), sealed)).toBeNull()
    const parts = sealed.split('.')
    parts[3] = Buffer.from('other').toString('base64url')
    expect(unseal(SECRET, parts.join('.'))).toBeNull()
    expect(unseal(SECRET, 'plain-text-token')).toBeNull()
  })
})
