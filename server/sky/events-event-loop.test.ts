import { describe, expect, it } from 'vitest'
import { computeSkyEvents } from './events.ts'

/** The longest the event loop may be held while sky events are computed. */
const MAX_BLOCK_MS = 50

/** Runs `work` while a 1 ms timer notes the longest wait between its turns. */
async function longestBlock<T>(work: () => Promise<T>): Promise<{ result: T; blockMs: number }> {
  let last = performance.now()
  let blockMs = 0
  const timer = setInterval(() => {
    const now = performance.now()
    blockMs = Math.max(blockMs, now - last)
    last = now
  }, 1)
  try {
    const result = await work()
    blockMs = Math.max(blockMs, performance.now() - last)
    return { result, blockMs }
  } finally {
    clearInterval(timer)
  }
}

// This file's own module instance: no year is computed until a test asks for one.
describe('computing a year of sky events', () => {
  it('gives way to the event loop, and asks made meanwhile share the computation', async () => {
    // 2030 from Paris: three cold years (a day either side) and the eclipses seen from there.
    const query = () =>
      computeSkyEvents({
        from: new Date('2030-01-01T00:00:00Z'),
        to: new Date('2030-12-31T23:59:59Z'),
        place: { lat: 48.9, lon: 2.4 },
      })
    const started = performance.now()
    const { result, blockMs } = await longestBlock(() => Promise.all([query(), query()]))
    const [first, second] = result
    expect(first.length).toBeGreaterThan(80)
    expect(blockMs, `held for ${blockMs} ms of ${performance.now() - started} ms`).toBeLessThan(
      MAX_BLOCK_MS,
    )
    // One computation: the very same events, not equal copies (an eclipse is given the view from
    // the place as a copy of its own).
    expect(second.map((e) => e.id)).toEqual(first.map((e) => e.id))
    const shared = second.filter((e, i) => e === first[i])
    expect(shared.length).toBe(second.filter((e) => !e.kind.endsWith('eclipse')).length)
  })
})
