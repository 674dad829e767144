import { describe, expect, it } from 'vitest'
import { Unavailable } from '../shared/errors.ts'
import { createBodyGate } from './body-gate.ts'

describe('body gate', () => {
  it('never lets reservations in flight pass the budget, and refuses past the queue', async () => {
    const gate = createBodyGate(100, 2)
    const release: Array<() => void> = []
    const hold = () => new Promise<void>((r) => release.push(r))
    const a = gate.run(60, 'a', hold)
    const b = gate.run(60, 'b', hold) // waits: 60 + 60 > 100
    const c = gate.run(30, 'c', hold) // waits behind b (first come, first served)
    expect(gate.stats()).toEqual({ reserved: 60, waiting: 2, clients: 3 })
    await expect(gate.run(10, 'd', hold)).rejects.toBeInstanceOf(Unavailable)
    release.shift()!()
    await a
    await new Promise((r) => setTimeout(r, 0))
    expect(gate.stats()).toEqual({ reserved: 90, waiting: 0, clients: 2 })
    release.splice(0).forEach((r) => r())
    await Promise.all([b, c])
    expect(gate.stats()).toEqual({ reserved: 0, waiting: 0, clients: 0 })
  })

  it('frees the reservation when the work throws', async () => {
    const gate = createBodyGate(100, 2)
    await expect(gate.run(100, 'a', () => Promise.reject(new Error('bad json')))).rejects.toThrow()
    expect(gate.stats()).toEqual({ reserved: 0, waiting: 0, clients: 0 })
  })

  it('gives one client at most its share: its next bodies wait while others go ahead', async () => {
    const gate = createBodyGate(100, 100, 25)
    const release: Array<() => void> = []
    const hold = () => new Promise<void>((r) => release.push(r))
    const first = gate.run(20, 'greedy', hold)
    // A second body of the same client would pass its share: it waits…
    const second = gate.run(10, 'greedy', hold)
    // …and everyone else gets in at once, ahead of it.
    const others = ['b', 'c', 'd'].map((client) => gate.run(25, client, hold))
    await new Promise((r) => setTimeout(r, 0))
    expect(gate.stats()).toEqual({ reserved: 95, waiting: 1, clients: 4 })
    // Its waiting bodies are bounded too.
    const extra = Array.from({ length: 15 }, () => gate.run(10, 'greedy', async () => undefined))
    await expect(gate.run(10, 'greedy', hold)).rejects.toBeInstanceOf(Unavailable)
    release.shift()!() // the first body is done: the second goes in
    await first
    await new Promise((r) => setTimeout(r, 0))
    release.splice(0).forEach((r) => r())
    await Promise.all([second, ...others, ...extra])
    expect(gate.stats()).toEqual({ reserved: 0, waiting: 0, clients: 0 })
  })
})
