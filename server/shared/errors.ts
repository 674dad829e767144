/**
 * Domain errors: what services, integrations and repositories throw. They know nothing of HTTP;
 * server/http/errors.ts maps each kind to a status and the `{"error": …}` envelope in one place.
 * Their message is shown to people, so it never carries internals.
 */
/** Said when a request needs a signed-in user and has none (also by the HTTP layer's guards). */
export const AUTH_REQUIRED = 'You must be logged in to do that.'

export type ErrorDetails = Record<string, string[]>

export type DomainErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  | 'rate_limited'
  | 'unavailable'
  | 'bad_gateway'

export interface DomainErrorOptions {
  /** Every field's first message, as the validation envelope carries them. */
  details?: ErrorDetails
  /** For rate_limited and unavailable: when the caller may try again. */
  retryAfterSeconds?: number
  /** Extra fields of the envelope beside `error` (e.g. the Discord gallery's troubleshooting). */
  extra?: Record<string, unknown>
  cause?: unknown
}

export class DomainError extends Error {
  readonly kind: DomainErrorKind
  readonly details: ErrorDetails | undefined
  readonly retryAfterSeconds: number | undefined
  readonly extra: Record<string, unknown> | undefined

  constructor(kind: DomainErrorKind, message: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.kind = kind
    this.details = options.details
    this.retryAfterSeconds = options.retryAfterSeconds
    this.extra = options.extra
  }
}

type Opts = Omit<DomainErrorOptions, 'retryAfterSeconds'>

export class ValidationError extends DomainError {
  constructor(message: string, options: Opts = {}) {
    super('validation', message, options)
  }
  /** A validation error on one field, with that field's message in `details`. */
  static field(field: string, message: string): ValidationError {
    return new ValidationError(message, { details: { [field]: [message] } })
  }
}
export class NotAuthenticated extends DomainError {
  constructor(message: string, options: Opts = {}) {
    super('unauthenticated', message, options)
  }
}
export class Forbidden extends DomainError {
  constructor(message: string, options: Opts = {}) {
    super('forbidden', message, options)
  }
}
export class NotFound extends DomainError {
  constructor(message: string, options: Opts = {}) {
    super('not_found', message, options)
  }
}
export class Conflict extends DomainError {
  constructor(message: string, options: Opts = {}) {
    super('conflict', message, options)
  }
}
export class PayloadTooLarge extends DomainError {
  constructor(message: string, options: Opts = {}) {
    super('too_large', message, options)
  }
}
export class UnsupportedMedia extends DomainError {
  constructor(message: string, options: Opts = {}) {
    super('unsupported_media', message, options)
  }
}
export class RateLimited extends DomainError {
  constructor(message: string, retryAfterSeconds: number, options: Opts = {}) {
    super('rate_limited', message, { ...options, retryAfterSeconds })
  }
}
/** Something we depend on (an upstream, mail, configuration) is not there: 503. */
export class Unavailable extends DomainError {
  constructor(message: string, options: DomainErrorOptions = {}) {
    super('unavailable', message, options)
  }
}
/** Something we depend on answered, but refused or answered nonsense: 502. */
export class BadGateway extends DomainError {
  constructor(message: string, options: Opts = {}) {
    super('bad_gateway', message, options)
  }
}
