import type { ShouldRevalidateFunctionArgs } from 'react-router'

/**
 * For pages whose query string only changes what the browser already fetches itself (search,
 * paging, tabs): the loader runs again only when the path changes.
 */
export function revalidateOnNewPathOnly({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}
