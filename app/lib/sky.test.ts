import { describe, expect, it } from 'vitest'
import { ApiRequestError } from './api.ts'
import { skyView } from './sky.ts'

describe('skyView', () => {
  it('shows data first, even when a later attempt failed', () => {
    expect(skyView({ data: 'kp', error: new ApiRequestError(0, 'down') }, 'server error')).toEqual({
      status: 'ready',
      data: 'kp',
    })
  })
  it("then the browser's own error, then the server render's, else loading", () => {
    expect(
      skyView({ data: undefined, error: new ApiRequestError(0, 'browser') }, 'server'),
    ).toEqual({
      status: 'error',
      message: 'browser',
    })
    expect(skyView({ data: undefined, error: null }, 'server')).toEqual({
      status: 'error',
      message: 'server',
    })
    expect(skyView({ data: undefined, error: null }, null)).toEqual({ status: 'loading' })
  })
})
