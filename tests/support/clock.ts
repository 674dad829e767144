import type { Clock } from '../../server/shared/clock.ts'

/** A clock tests can move. */
export function testClock(start = new Date('2026-11-22T12:00:00.000Z')) {
  let now = start.getTime()
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms
    },
  } satisfies Clock & { advance(ms: number): void }
}
