import superjson from 'superjson'
import { describe, expect, it } from 'vitest'
import { deserializeSuperjson } from './superjson-lite.ts'

describe('superjson-lite', () => {
  it('reads what superjson writes: nested and array Dates, undefined', () => {
    const value = {
      station: { name: 'Astro Radio' },
      nowPlaying: { playedAt: new Date('2026-06-18T20:56:35Z'), duration: 262 },
      songHistory: [
        { shId: 1, playedAt: new Date('2026-06-18T20:53:00Z') },
        { shId: 2, playedAt: null },
      ],
      fetchedAt: new Date('2026-06-18T21:00:00Z'),
      missing: undefined,
    }
    const wire = JSON.parse(JSON.stringify(superjson.serialize(value))) as {
      json: unknown
      meta?: unknown
    }
    expect(deserializeSuperjson(wire)).toEqual(superjson.deserialize(wire as never))
    expect(deserializeSuperjson<typeof value>(wire).songHistory[0]!.playedAt).toBeInstanceOf(Date)
  })

  it('passes plain JSON through and refuses types it does not know', () => {
    expect(deserializeSuperjson({ json: { a: 1 } })).toEqual({ a: 1 })
    const wire = JSON.parse(JSON.stringify(superjson.serialize({ m: new Map([[1, 2]]) })))
    expect(() => deserializeSuperjson(wire)).toThrow(/unsupported/)
  })
})
