import type { ApiRequestError } from './api.ts'
import type { ApiData } from './store.ts'

/**
 * `ApiData` whose flags tell `data` and `error` apart, as a view reads them: pending, then
 * failed (`error` set) or answered (`data` set).
 */
export type ApiResult<T> = ApiData<T> &
  (
    | { isPending: true; isError: false; data: undefined; error: null }
    | { isPending: false; isError: true; error: ApiRequestError }
    | { isPending: false; isError: false; data: T; error: null }
  )

/** The store sets `isPending` exactly when there is neither data nor error, `isError` when there is an error. */
export function settled<T>(read: ApiData<T>): ApiResult<T> {
  return read as ApiResult<T>
}
