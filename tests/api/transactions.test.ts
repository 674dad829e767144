import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Database,
  inTransaction,
  TRANSACTION_ATTEMPTS,
  TRANSACTION_CONFLICT_MESSAGE,
} from '../../server/db/dialect.ts'
import { Conflict } from '../../server/shared/errors.ts'
import { createTestApp, ENGINE, type TestApp } from '../support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** Resolves for everyone once `parties` have arrived (later arrivals pass straight through). */
function meeting(parties: number): () => Promise<void> {
  let arrived = 0
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return () => {
    arrived += 1
    if (arrived === parties) open()
    return opened
  }
}

async function rename(db: Database, id: number, name: string) {
  await db.updateTable('users').set({ display_name: name }).where('id', '=', id).execute()
}

/**
 * Two transactions that each change one row, wait for the other, then change the other's row: on
 * PostgreSQL each waits for the other's lock, a deadlock. SQLite runs one transaction at a time, so
 * there they cannot meet in the middle and simply run one after the other.
 */
function crossedUpdates(
  run: (work: (trx: Database) => Promise<void>) => Promise<void>,
  ids: [number, number],
) {
  const meet = ENGINE === 'postgres' ? meeting(2) : async () => {}
  const cross = (first: number, second: number, name: string) =>
    run(async (trx) => {
      await rename(trx, first, name)
      await meet()
      await rename(trx, second, name)
    })
  return Promise.allSettled([
    cross(ids[0], ids[1], 'Crossed A'),
    cross(ids[1], ids[0], 'Crossed B'),
  ])
}

describe('inTransaction', () => {
  it('runs both of two deadlocked transactions to the end, one after the other', async () => {
    const a = await t.createUser()
    const b = await t.createUser()
    if (ENGINE === 'postgres') {
      // The scenario is a real deadlock: without a retry PostgreSQL aborts one of the two.
      const plain = await crossedUpdates((work) => t.db.transaction().execute(work), [a.id, b.id])
      const refused = plain.filter((r) => r.status === 'rejected')
      expect(refused).toHaveLength(1)
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: '40P01' })
    }
    const retried = await crossedUpdates((work) => inTransaction(t.db, work), [a.id, b.id])
    expect(retried.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled'])
    // Each ran whole: the one that committed last named both rows.
    const names = await t.db
      .selectFrom('users')
      .select('display_name')
      .where('id', 'in', [a.id, b.id])
      .execute()
    expect(new Set(names.map((n) => n.display_name)).size).toBe(1)
  })

  it('gives up after its attempts with a Conflict, and never retries other errors', async () => {
    let attempts = 0
    const deadlocked = inTransaction(t.db, async () => {
      attempts += 1
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' })
    })
    await expect(deadlocked).rejects.toBeInstanceOf(Conflict)
    await expect(deadlocked).rejects.toThrow(TRANSACTION_CONFLICT_MESSAGE)
    expect(attempts).toBe(TRANSACTION_ATTEMPTS)

    attempts = 0
    const serialization = inTransaction(t.db, async () => {
      attempts += 1
      if (attempts < 3) throw Object.assign(new Error('could not serialize'), { code: '40001' })
      return 'done'
    })
    await expect(serialization).resolves.toBe('done')
    expect(attempts).toBe(3)

    attempts = 0
    const other = inTransaction(t.db, async () => {
      attempts += 1
      throw new Error('not a conflict')
    })
    await expect(other).rejects.toThrow('not a conflict')
    expect(attempts).toBe(1)
  })

  it('inside a transaction runs in that transaction, whose rollback undoes it', async () => {
    const a = await t.createUser({ displayName: 'Before' })
    await expect(
      inTransaction(t.db, async (outer) => {
        await inTransaction(outer, (inner) => rename(inner, a.id, 'Inside'))
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    const row = await t.db
      .selectFrom('users')
      .select('display_name')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow()
    expect(row.display_name).toBe('Before')
  })
})
