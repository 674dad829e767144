import type { ApiErrorBody } from '../../contracts/common.ts'

export type ErrorStatus =
  400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503

/** A failure meant for the client: its message is shown to people, so it never carries internals. */
export class ApiError extends Error {
  readonly status: ErrorStatus
  readonly details: ApiErrorBody['details']
  readonly headers: Record<string, string>

  constructor(
    status: ErrorStatus,
    message: string,
    options: { details?: ApiErrorBody['details']; headers?: Record<string, string> } = {},
  ) {
    super(message)
    this.status = status
    this.details = options.details
    this.headers = options.headers ?? {}
  }

  toBody(): ApiErrorBody {
    return this.details ? { error: this.message, details: this.details } : { error: this.message }
  }
}

export const HTTP_MESSAGES = {
  notAuthenticated: 'You must be logged in to do that.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',
  apiNotFound: 'No such API endpoint.',
  methodNotAllowed: 'Method not allowed.',
  invalidJson: 'Request body must be valid JSON.',
  jsonRequired: 'Content-Type must be application/json.',
  multipartRequired: 'Content-Type must be multipart/form-data.',
  tooLarge: 'Request body is too large.',
  crossOrigin: 'Cross-origin request refused.',
  internal: 'Something went wrong on our side. Please try again later.',
} as const
