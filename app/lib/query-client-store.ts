import type { QueryClient } from '@tanstack/react-query'

/**
 * The browser's one QueryClient, created by app/lib/query.ts when the first module that uses
 * queries loads. The root provides whatever is here; it never imports TanStack Query itself, so a
 * page without queries (a post, /blog) loads none of it (ADR 010).
 */
/** Every QueryClient's defaults, the browser's and the server's per-request one. */
export const QUERY_DEFAULTS = { queries: { refetchOnWindowFocus: false } } as const

let client: QueryClient | undefined
const listeners = new Set<() => void>()

export function installQueryClient(create: () => QueryClient): QueryClient {
  if (!client) {
    client = create()
    client.mount()
    for (const listener of listeners) listener()
  }
  return client
}

export function browserQueryClient(): QueryClient | undefined {
  return client
}

export function subscribeQueryClient(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
