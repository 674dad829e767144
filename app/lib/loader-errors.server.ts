import { data } from 'react-router'
import { toApiError } from '../../server/http/errors.ts'
import { DomainError } from '../../server/shared/errors.ts'

export interface LoaderFailure {
  status: number
  message: string
  headers: Record<string, string>
}

/**
 * A domain error as the API answers it (server/http/errors.ts): its status, its message for
 * people and its Retry-After. Null for anything else, which stays an unexpected error (500).
 */
export function loaderFailure(error: unknown): LoaderFailure | null {
  if (!(error instanceof DomainError)) return null
  const { status, message, headers } = toApiError(error)
  return { status, message, headers }
}

/**
 * Runs a loader's read and answers a domain error the way the API does: a NotFound is the route's
 * 404 (the root's not-found view), an upstream that is unavailable a 503 with Retry-After (the
 * root's error view). Any other error is thrown as it is.
 */
export async function loadOrFail<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    const failure = loaderFailure(error)
    if (!failure) throw error
    throw data(failure.message, { status: failure.status, headers: failure.headers })
  }
}
