import { describe, expect, it } from 'vitest'
import { newTokenKey, readToken, signToken, verifyToken } from './tokens.ts'

const secret = 'a-session-secret-of-at-least-32-characters'
const now = new Date('2026-11-28T10:00:00Z')
const later = new Date('2026-11-30T10:00:00Z')

describe('newsletter links', () => {
  const key = newTokenKey()
  const token = signToken(secret, {
    purpose: 'manage',
    subscriptionId: 42,
    tokenKey: key,
    expiresAt: later,
  })

  it('a signed token names its subscription and checks out', () => {
    expect(readToken(token)).toEqual({ purpose: 'manage', subscriptionId: 42, expiresAt: later })
    expect(verifyToken(secret, token, 'manage', key, now)).toEqual({ ok: true, subscriptionId: 42 })
  })

  it('is refused for another purpose, another key, another secret, or a changed field', () => {
    expect(verifyToken(secret, token, 'confirm', key, now)).toEqual({
      ok: false,
      reason: 'invalid',
    })
    expect(verifyToken(secret, token, 'manage', newTokenKey(), now).ok).toBe(false)
    expect(verifyToken(`${secret}x`, token, 'manage', key, now).ok).toBe(false)
    expect(verifyToken(secret, token, 'manage', null, now).ok).toBe(false)
    const otherId = token.replace('manage.42.', 'manage.43.')
    expect(verifyToken(secret, otherId, 'manage', key, now)).toEqual({
      ok: false,
      reason: 'invalid',
    })
    const pushedDate = token.replace(/\.(\d+)\./, (_, s: string) => `.${Number(s) + 86400}.`)
    expect(verifyToken(secret, pushedDate, 'manage', key, now).ok).toBe(false)
    for (const junk of ['', 'manage', 'manage.42', '../../etc', `${token}x`, token.slice(0, -1)]) {
      expect(verifyToken(secret, junk, 'manage', key, now).ok).toBe(false)
    }
  })

  it('is expired after its date, and only if the signature is right', () => {
    const after = new Date(later.getTime() + 1000)
    expect(verifyToken(secret, token, 'manage', key, after)).toEqual({
      ok: false,
      reason: 'expired',
    })
    expect(verifyToken(secret, token, 'manage', newTokenKey(), after)).toEqual({
      ok: false,
      reason: 'invalid',
    })
  })
})
