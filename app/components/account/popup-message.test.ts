import { describe, expect, it } from 'vitest'
import { readPopupMessage } from './popup-message.ts'

describe('readPopupMessage', () => {
  it('reads a success with its token', () => {
    expect(readPopupMessage({ type: 'OAUTH_TOKEN_SUCCESS', token: 'abc' })).toEqual({
      type: 'OAUTH_TOKEN_SUCCESS',
      token: 'abc',
    })
  })

  it('reads an error and keeps a known code', () => {
    expect(
      readPopupMessage({
        type: 'OAUTH_ERROR',
        error: { code: 'account_linking_required', message: 'exists', details: null },
      }),
    ).toEqual({
      type: 'OAUTH_ERROR',
      error: { code: 'account_linking_required', message: 'exists', details: null },
    })
  })

  it('turns an unknown error code into a generic one and a missing message into empty', () => {
    expect(readPopupMessage({ type: 'OAUTH_ERROR', error: { code: 'weird' } })).toEqual({
      type: 'OAUTH_ERROR',
      error: { code: 'invalid_request', message: '', details: null },
    })
  })

  it.each([null, 'OAUTH_TOKEN_SUCCESS', { type: 'OAUTH_TOKEN_SUCCESS' }, { type: 'other' }, 42])(
    'ignores %j',
    (data) => {
      expect(readPopupMessage(data)).toBeNull()
    },
  )
})
