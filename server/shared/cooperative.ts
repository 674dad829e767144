/**
 * Long CPU work on the request path awaits a `Pause` between its steps. Once a slice of time has
 * gone since the work's last turn, it gives way: the event loop answers everything else that is
 * waiting (I/O, timers, other requests) before the work goes on. Otherwise it is a resolved
 * promise, so a step costs nothing more than the `await`.
 */
export type Pause = () => Promise<void>

/** The longest a piece of work runs before it gives way, give or take one step. */
export const SLICE_MS = 5

// The pieces of work that have given way, resumed one per turn of the event loop in the order
// they stopped: several at once would each run a slice back to back, and hold the loop as long.
const waiting: Array<() => void> = []
let scheduled = false

function resumeNext() {
  scheduled = false
  waiting.shift()?.()
  // Scheduled from within the check phase, this runs on the loop's next turn, after its I/O.
  if (waiting.length) schedule()
}

function schedule() {
  if (scheduled) return
  scheduled = true
  setImmediate(resumeNext)
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve)
    schedule()
  })
}

export function createPause(sliceMs = SLICE_MS): Pause {
  let since = performance.now()
  return async () => {
    if (performance.now() - since < sliceMs) return
    await nextTurn()
    since = performance.now()
  }
}
