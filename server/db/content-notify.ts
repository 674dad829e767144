import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { sql } from 'kysely'
import type Pg from 'pg'
import {
  CONTENT_TOPICS,
  type ContentEvents,
  type ContentTopic,
  isContentTopic,
} from '../shared/content-events.ts'
import type { Logger } from '../shared/logger.ts'
import type { Database } from './dialect.ts'

/**
 * Content changes between the nodes of one PostgreSQL database (LISTEN/NOTIFY): a change made on
 * one node reaches the page caches of all the others. Each process listens on its own connection
 * (a pooled one may be handed to a query at any time) and tags what it sends with its own id, so
 * it skips its own announcements: they were delivered locally already.
 */
export const CONTENT_CHANNEL = 'content_changed'
/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'astro-content-listener'

const FIRST_RETRY_MS = 250
const MAX_RETRY_MS = 30_000

export interface ContentNotifier {
  /** Stops listening and sending (before the pool closes). */
  close(): Promise<void>
}

interface Payload {
  origin: string
  topics: readonly ContentTopic[]
}

/** A notification's topics, or null when it is not one of ours or not well formed. */
export function parseNotification(text: string | undefined): Payload | null {
  let value: unknown
  try {
    value = JSON.parse(text ?? '')
  } catch {
    return null
  }
  const { origin, topics } = (value ?? {}) as { origin?: unknown; topics?: unknown }
  if (typeof origin !== 'string' || !Array.isArray(topics)) return null
  const known = [...new Set(topics.filter(isContentTopic))]
  return known.length ? { origin, topics: known } : null
}

export async function connectContentNotify(deps: {
  url: string
  db: Database
  events: ContentEvents
  logger: Logger
  channel?: string
}): Promise<ContentNotifier> {
  const { url, db, events, logger } = deps
  const channel = deps.channel ?? CONTENT_CHANNEL
  const origin = randomUUID()
  const pg = createRequire(import.meta.url)('pg') as typeof Pg
  let client: Pg.Client | null = null
  let closed = false
  let retryMs = FIRST_RETRY_MS
  let retryTimer: NodeJS.Timeout | null = null
  let firstAttempt = true

  events.attachTransport((topics) => {
    if (closed) return
    const payload = JSON.stringify({ origin, topics } satisfies Payload)
    sql`select pg_notify(${channel}, ${payload})`
      .execute(db)
      .catch((error: unknown) =>
        logger.error('could not announce a content change', { topics, error: String(error) }),
      )
  })

  const onNotification = (message: Pg.Notification) => {
    if (message.channel !== channel) return
    const payload = parseNotification(message.payload)
    if (!payload || payload.origin === origin) return
    events.deliver(payload.topics)
  }

  const scheduleReconnect = () => {
    if (closed || retryTimer) return
    retryTimer = setTimeout(() => {
      retryTimer = null
      void listen()
    }, retryMs)
    retryTimer.unref()
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
  }

  const dropClient = (lost: Pg.Client) => {
    if (client !== lost) return
    client = null
    lost.removeAllListeners('notification')
    // Errors after this one (a second reset) must not crash the process either.
    lost.on('error', () => {})
    void lost.end().catch(() => {})
    scheduleReconnect()
  }

  async function listen(): Promise<void> {
    const next = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    })
    next.on('error', (error) => {
      logger.error('content change listener lost its connection', { error: error.message })
      dropClient(next)
    })
    next.on('end', () => dropClient(next))
    next.on('notification', onNotification)
    client = next
    const first = firstAttempt
    firstAttempt = false
    try {
      await next.connect()
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`)
    } catch (error) {
      logger.error('content change listener could not connect', { error: String(error) })
      dropClient(next)
      return
    }
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    retryMs = FIRST_RETRY_MS
    if (!first) {
      // Changes announced while the connection was down were missed: assume everything changed.
      logger.info('content change listener reconnected')
      events.deliver(CONTENT_TOPICS)
    }
  }

  await listen()

  return {
    async close() {
      closed = true
      if (retryTimer) clearTimeout(retryTimer)
      const current = client
      client = null
      if (current) {
        current.removeAllListeners('end')
        current.on('error', () => {})
        await current.end().catch(() => {})
      }
    },
  }
}
