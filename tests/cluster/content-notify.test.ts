import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  CONTENT_CHANNEL,
  connectContentNotify,
  type ContentNotifier,
  LISTENER_APPLICATION_NAME,
  parseNotification,
} from '../../server/db/content-notify.ts'
import { createDatabase, type Database } from '../../server/db/dialect.ts'
import { applyMigrations, migrateToLatest, withStartupLock } from '../../server/db/migrate.ts'
import {
  CONTENT_TOPICS,
  type ContentEvents,
  type ContentTopic,
  createContentEvents,
} from '../../server/shared/content-events.ts'
import { createLogger } from '../../server/shared/logger.ts'

/** Content changes between processes over PostgreSQL LISTEN/NOTIFY, and the startup lock. */
let adminUrl: string
let databaseUrl: string
let admin: pg.Client
const name = `notify_${randomBytes(5).toString('hex')}`

beforeAll(async () => {
  adminUrl = inject('postgresUrl')
  admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  databaseUrl = url.toString()
})
afterAll(async () => {
  await dropWhenClosed(name)
  await admin.end()
})

/** Drops a database once the connections just closed have gone (no forced termination). */
async function dropWhenClosed(database: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${database}`)
      return
    } catch (error) {
      if (attempt >= 50) throw error
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

interface Node {
  db: Database
  events: ContentEvents
  notifier: ContentNotifier
  received: ContentTopic[][]
}

const silent = createLogger('silent')

async function node(): Promise<Node> {
  const db = createDatabase({ dialect: 'postgres', url: databaseUrl })
  const events = createContentEvents()
  const received: ContentTopic[][] = []
  events.subscribe((topics) => received.push([...topics]))
  const notifier = await connectContentNotify({ url: databaseUrl, db, events, logger: silent })
  return { db, events, notifier, received }
}

async function close(...nodes: Node[]) {
  for (const n of nodes) {
    await n.notifier.close()
    await n.db.destroy()
  }
}

async function until(check: () => boolean, what: string, ms = 5000) {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('content changes across processes (LISTEN/NOTIFY)', () => {
  it('delivers a change made on one node to the others, and once to its own listeners', async () => {
    const [a, b, c] = [await node(), await node(), await node()]
    try {
      a.events.changed('posts')
      expect(a.received).toEqual([['posts']])
      await until(() => b.received.length > 0 && c.received.length > 0, 'the other nodes')
      expect(b.received).toEqual([['posts']])
      expect(c.received).toEqual([['posts']])

      b.events.changed('faqs', 'pages')
      await until(() => a.received.length > 1 && c.received.length > 1, 'the change from b')
      expect(a.received[1]).toEqual(['faqs', 'pages'])
      // a's own announcement never came back to it.
      await new Promise((r) => setTimeout(r, 200))
      expect(a.received).toEqual([['posts'], ['faqs', 'pages']])
      expect(b.received).toEqual([['posts'], ['faqs', 'pages']])
    } finally {
      await close(a, b, c)
    }
  })

  it('ignores notifications that are not well-formed announcements of known topics', async () => {
    const b = await node()
    try {
      const send = (payload: string) =>
        admin.query(`select pg_notify($1, $2)`, [CONTENT_CHANNEL, payload])
      // The admin connection is on another database: notifications stay within their database.
      const sameDb = new pg.Client({ connectionString: databaseUrl })
      await sameDb.connect()
      try {
        const local = (payload: string) =>
          sameDb.query(`select pg_notify($1, $2)`, [CONTENT_CHANNEL, payload])
        await send(JSON.stringify({ origin: 'elsewhere', topics: ['posts'] }))
        for (const payload of [
          'not json',
          '[]',
          'null',
          JSON.stringify({ topics: ['posts'] }),
          JSON.stringify({ origin: 'x', topics: 'posts' }),
          JSON.stringify({ origin: 'x', topics: ['bogus', 42, null] }),
        ])
          await local(payload)
        await local(JSON.stringify({ origin: 'x', topics: ['bogus', 'videos', 'videos'] }))
        await until(() => b.received.length > 0, 'the valid notification')
        await new Promise((r) => setTimeout(r, 200))
        expect(b.received).toEqual([['videos']])
      } finally {
        await sameDb.end()
      }
    } finally {
      await close(b)
    }
  })

  it('reconnects a dropped listener and then assumes everything changed (it may have missed some)', async () => {
    const [a, b] = [await node(), await node()]
    try {
      const terminated = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = $1 and datname = $2`,
        [LISTENER_APPLICATION_NAME, name],
      )
      expect(terminated.rowCount).toBe(2)
      await until(() => a.received.length > 0 && b.received.length > 0, 'the reconnections')
      expect(a.received).toEqual([[...CONTENT_TOPICS]])
      expect(b.received).toEqual([[...CONTENT_TOPICS]])
      b.received.length = 0
      // Both listen again: a change still travels.
      a.events.changed('header-images')
      await until(() => b.received.length > 0, 'a change after the reconnection')
      expect(b.received).toEqual([['header-images']])
    } finally {
      await close(a, b)
    }
  })

  it('parses only payloads it sent itself', () => {
    expect(parseNotification(JSON.stringify({ origin: 'a', topics: ['posts', 'posts'] }))).toEqual({
      origin: 'a',
      topics: ['posts'],
    })
    expect(parseNotification(undefined)).toBeNull()
    expect(parseNotification(JSON.stringify({ origin: 'a', topics: [] }))).toBeNull()
  })
})

describe('the startup lock', () => {
  it('lets nodes starting together migrate one at a time, so the migrations run once', async () => {
    const url = new URL(adminUrl)
    const fresh = `migrate_${randomBytes(5).toString('hex')}`
    await admin.query(`create database ${fresh}`)
    url.pathname = `/${fresh}`
    const nodes = [1, 2, 3].map(() => createDatabase({ dialect: 'postgres', url: url.toString() }))
    try {
      const applied = await Promise.all(nodes.map((db) => migrateToLatest(db)))
      const counts = applied.map((a) => a.length).sort()
      expect(counts[0]).toBe(0)
      expect(counts[1]).toBe(0)
      expect(counts[2]).toBeGreaterThan(0)

      // Work under the lock never overlaps.
      let inside = 0
      let most = 0
      await Promise.all(
        nodes.map((db) =>
          withStartupLock(db, async () => {
            inside++
            most = Math.max(most, inside)
            await applyMigrations(db)
            await new Promise((r) => setTimeout(r, 50))
            inside--
          }),
        ),
      )
      expect(most).toBe(1)
    } finally {
      for (const db of nodes) await db.destroy()
      await dropWhenClosed(fresh)
    }
  })
})
