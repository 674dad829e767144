import type { ApiErrorBody } from '../../contracts/common.ts'
import { AUTH_REQUIRED, type DomainError, type DomainErrorKind } from '../shared/errors.ts'

export type ErrorStatus =
  400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503

/** A failure meant for the client: its message is shown to people, so it never carries internals. */
export class ApiError extends Error {
  readonly status: ErrorStatus
  readonly details: ApiErrorBody['details']
  readonly headers: Record<string, string>
  readonly extra: Record<string, unknown> | undefined

  constructor(
    status: ErrorStatus,
    message: string,
    options: {
      details?: ApiErrorBody['details']
      headers?: Record<string, string>
      extra?: Record<string, unknown>
    } = {},
  ) {
    super(message)
    this.status = status
    this.details = options.details
    this.headers = options.headers ?? {}
    this.extra = options.extra
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { ...this.extra, error: this.message }
    if (this.details) body.details = this.details
    return body
  }
}

export const HTTP_MESSAGES = {
  notAuthenticated: AUTH_REQUIRED,
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',
  apiNotFound: 'No such API endpoint.',
  methodNotAllowed: 'Method not allowed.',
  invalidJson: 'Request body must be valid JSON.',
  jsonRequired: 'Content-Type must be application/json.',
  multipartRequired: 'Content-Type must be multipart/form-data.',
  tooLarge: 'Request body is too large.',
  crossOrigin: 'Cross-origin request refused.',
  badPath: 'This address is not valid: it has a broken percent-encoding.',
  internal: 'Something went wrong on our side. Please try again later.',
} as const

/** The one place a domain error becomes an HTTP status. */
export const STATUS_BY_KIND: Record<DomainErrorKind, ErrorStatus> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  unavailable: 503,
  bad_gateway: 502,
}

/** A domain error as the ApiError the envelope is written from. */
export function toApiError(err: DomainError): ApiError {
  const headers: Record<string, string> = {}
  if (err.retryAfterSeconds !== undefined)
    headers['Retry-After'] = String(Math.max(0, Math.ceil(err.retryAfterSeconds)))
  return new ApiError(STATUS_BY_KIND[err.kind], err.message, {
    details: err.details,
    headers,
    extra: err.extra,
  })
}
