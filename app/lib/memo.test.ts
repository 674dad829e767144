import { describe, expect, it } from 'vitest'
import { memoize } from './memo.ts'

describe('memoize', () => {
  it('computes each key once, and starts afresh when full', () => {
    const calls: string[] = []
    const upper = memoize((key) => {
      calls.push(key)
      return key.toUpperCase()
    }, 2)
    expect([upper('a'), upper('b'), upper('a')]).toEqual(['A', 'B', 'A'])
    expect(calls).toEqual(['a', 'b'])
    expect(upper('c')).toBe('C')
    expect(upper('a')).toBe('A')
    expect(calls).toEqual(['a', 'b', 'c', 'a'])
  })
})
