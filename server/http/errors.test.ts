import { describe, expect, it } from 'vitest'
import {
  BadGateway,
  Conflict,
  NotFound,
  RateLimited,
  Unavailable,
  ValidationError,
} from '../shared/errors.ts'
import { toApiError } from './errors.ts'

describe('domain errors become the HTTP envelope in one place', () => {
  it('maps each kind to its status and keeps the message', () => {
    expect(toApiError(new NotFound('Post not found.')).status).toBe(404)
    expect(toApiError(new Conflict('Taken.')).status).toBe(409)
    expect(toApiError(new Unavailable('Mail is not configured.')).status).toBe(503)
    expect(toApiError(new BadGateway('SMTP refused.')).status).toBe(502)
    expect(toApiError(new NotFound('Post not found.')).toBody()).toEqual({
      error: 'Post not found.',
    })
  })

  it('carries field details, Retry-After and extra envelope fields', () => {
    const v = toApiError(ValidationError.field('slug', 'Slug is required'))
    expect(v.status).toBe(400)
    expect(v.toBody()).toEqual({
      error: 'Slug is required',
      details: { slug: ['Slug is required'] },
    })
    const r = toApiError(new RateLimited('Too many requests.', 12.2))
    expect(r.status).toBe(429)
    expect(r.headers['Retry-After']).toBe('13')
    const u = toApiError(new Unavailable('Down.', { extra: { retryAfter: 5 } }))
    expect(u.toBody()).toEqual({ error: 'Down.', retryAfter: 5 })
  })
})
