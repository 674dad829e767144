import { describe, expect, it } from 'vitest'
import { Unavailable } from '../shared/errors.ts'
import { createBodyGate } from './body-gate.ts'

describe('body gate', () => {
  it('never lets reservations in flight pass the budget, and refuses past the queue', async () => {
    const gate = createBodyGate(100, 2)
    const release: Array<() => void> = []
    const hold = () => new Promise<void>((r) => release.push(r))
    const a = gate.run(60, hold)
    const b = gate.run(60, hold) // waits: 60 + 60 > 100
    const c = gate.run(30, hold) // waits behind b (first come, first served)
    expect(gate.stats()).toEqual({ reserved: 60, waiting: 2 })
    await expect(gate.run(10, hold)).rejects.toBeInstanceOf(Unavailable)
    release.shift()!()
    await a
    await new Promise((r) => setTimeout(r, 0))
    expect(gate.stats()).toEqual({ reserved: 90, waiting: 0 })
    release.splice(0).forEach((r) => r())
    await Promise.all([b, c])
    expect(gate.stats()).toEqual({ reserved: 0, waiting: 0 })
  })

  it('frees the reservation when the work throws', async () => {
    const gate = createBodyGate(100, 2)
    await expect(gate.run(100, () => Promise.reject(new Error('bad json')))).rejects.toThrow()
    expect(gate.stats().reserved).toBe(0)
  })
})
