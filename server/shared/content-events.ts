/**
 * What public content changed, announced to everything that keeps a copy of it (the visitor page
 * cache, server/http/page-cache.ts). A service that writes content calls `changed(topic)`; with
 * several app processes on one database the announcement reaches every process (PostgreSQL
 * LISTEN/NOTIFY), with SQLite there is one process and it stays local.
 */
import { CONTENT_TOPICS, type ContentTopic } from '../../contracts/site-paths.ts'

export { CONTENT_TOPICS, type ContentTopic }

export function isContentTopic(value: unknown): value is ContentTopic {
  return typeof value === 'string' && (CONTENT_TOPICS as readonly string[]).includes(value)
}

export type ContentListener = (topics: readonly ContentTopic[]) => void

export interface ContentEvents {
  /** Content behind these topics changed here: tell this process's listeners and the other nodes. */
  changed(...topics: ContentTopic[]): void
  /** Called for changes made here and, once a transport is attached, on the other nodes. */
  subscribe(listener: ContentListener): () => void
  /** Delivers to this process's listeners only (what a transport calls for a remote change). */
  deliver(topics: readonly ContentTopic[]): void
  /** Sends this process's changes to the other nodes as well (set once, by the composition root). */
  attachTransport(send: (topics: readonly ContentTopic[]) => void): void
}

export function createContentEvents(): ContentEvents {
  const listeners = new Set<ContentListener>()
  let transport: ((topics: readonly ContentTopic[]) => void) | null = null
  const deliver = (topics: readonly ContentTopic[]) => {
    for (const listener of listeners) listener(topics)
  }
  return {
    changed(...topics) {
      if (topics.length === 0) return
      deliver(topics)
      transport?.(topics)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    deliver,
    attachTransport(send) {
      transport = send
    },
  }
}
