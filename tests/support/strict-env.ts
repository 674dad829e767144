import { afterEach, beforeEach, vi } from 'vitest'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]'])

// No test reaches the internet: a request to anything but loopback fails the test that made it.
const realFetch = globalThis.fetch
globalThis.fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input))
  if (!LOOPBACK.has(url.hostname))
    throw new Error(`Unexpected outbound request to ${url.origin} in a test`)
  return realFetch(input, init)
}

// console.error in a test is a failure: errors must be asserted, not printed.
let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.mocked(console.error).mockRestore()
  if (errors.length) {
    throw new Error(
      `console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    )
  }
})
