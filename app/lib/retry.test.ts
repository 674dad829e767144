import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from './api.ts'
import { RETRY_DELAYS_MS, retryTransient } from './retry.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** An attempt that fails with each of `failures` in turn, then answers 'posts'. */
function failing(...failures: Error[]) {
  return vi.fn(async () => {
    const next = failures.shift()
    if (next) throw next
    return 'posts'
  })
}

describe('retryTransient', () => {
  it('tries a request that failed on the way again after 1 s, then 2 s', async () => {
    expect(RETRY_DELAYS_MS).toEqual([1000, 2000])
    const attempt = failing(new ApiRequestError(0, 'offline'), new ApiRequestError(503, 'busy'))
    const result = retryTransient(attempt, new AbortController().signal)
    await vi.advanceTimersByTimeAsync(0)
    expect(attempt).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(attempt).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(attempt).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1999)
    expect(attempt).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toBe('posts')
    expect(attempt).toHaveBeenCalledTimes(3)
  })

  it('gives up after three tries with the last error', async () => {
    const attempt = failing(
      new ApiRequestError(500, 'one'),
      new ApiRequestError(502, 'two'),
      new ApiRequestError(504, 'three'),
    )
    const result = retryTransient(attempt, new AbortController().signal)
    const settled = expect(result).rejects.toThrow('three')
    await vi.advanceTimersByTimeAsync(3000)
    await settled
    expect(attempt).toHaveBeenCalledTimes(3)
  })

  it('does not try a refused request (4xx) or an unknown failure again', async () => {
    for (const error of [new ApiRequestError(400, 'bad search'), new TypeError('bug')]) {
      const attempt = failing(error)
      await expect(retryTransient(attempt, new AbortController().signal)).rejects.toBe(error)
      expect(attempt).toHaveBeenCalledTimes(1)
    }
  })

  it('stops waiting, and tries no more, once the caller aborts', async () => {
    const controller = new AbortController()
    const attempt = failing(new ApiRequestError(503, 'busy'))
    const result = retryTransient(attempt, controller.signal)
    const settled = expect(result).rejects.toThrow()
    await vi.advanceTimersByTimeAsync(500)
    controller.abort()
    await settled
    await vi.advanceTimersByTimeAsync(5000)
    expect(attempt).toHaveBeenCalledTimes(1)
  })
})
