import { describe, expect, it } from 'vitest'
import { themeAtStart, themeBootScript } from './theme.ts'

describe('themeBootScript', () => {
  it('is empty for the default theme: the server markup is dark already', () => {
    expect(themeBootScript(undefined)).toBe('')
    expect(themeBootScript(null)).toBe('')
    expect(themeBootScript('dark')).toBe('')
    expect(themeAtStart(undefined)).toBe('dark')
  })
  it('follows the system preference for Auto, without reading cookies', () => {
    const script = themeBootScript('auto')
    expect(script).toContain("matchMedia('(prefers-color-scheme: dark)')")
    expect(script).not.toContain('document.cookie')
  })
  it('makes a saved Light theme Dark in the cookie too (the start-up rule)', () => {
    expect(themeAtStart('light')).toBe('dark')
    expect(themeBootScript('light')).toMatch(/^document\.cookie='theme=dark; Path=\/; /)
  })
})

describe('Night', () => {
  it('persists, and is all in the markup: no script before the first paint', () => {
    expect(themeAtStart('night')).toBe('night')
    expect(themeBootScript('night')).toBe('')
  })
})
