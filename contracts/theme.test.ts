import { describe, expect, it } from 'vitest'
import { readThemeCookie } from './theme.ts'

describe('readThemeCookie', () => {
  it('reads a known theme wherever the cookie sits in the header', () => {
    expect(readThemeCookie('theme=light')).toBe('light')
    expect(readThemeCookie('a=1; theme=auto; b=2')).toBe('auto')
    expect(readThemeCookie('a=1;theme=dark')).toBe('dark')
    expect(readThemeCookie('theme=night; a=1')).toBe('night')
  })
  it('ignores unknown values, look-alike names and an absent header', () => {
    expect(readThemeCookie('theme=neon')).toBeUndefined()
    expect(readThemeCookie('xtheme=dark')).toBeUndefined()
    expect(readThemeCookie('theme=darker')).toBeUndefined()
    expect(readThemeCookie('theme=nightly')).toBeUndefined()
    expect(readThemeCookie('')).toBeUndefined()
    expect(readThemeCookie(null)).toBeUndefined()
    expect(readThemeCookie(undefined)).toBeUndefined()
  })
})
