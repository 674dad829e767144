import { describe, expect, it } from 'vitest'
import { initialsOf } from './user-avatar.tsx'

describe('initialsOf', () => {
  it.each([
    ['Nova Stargazer', 'NS'],
    ['Vega de la Lyra', 'VL'],
    ['nebulanerd', 'NE'],
    ['  x  ', 'X'],
    ['', '?'],
  ])('%j → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })
})
