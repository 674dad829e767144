import { describe, expect, it } from 'vitest'
import { type DiscordChannelImagesResponse, MEDIA_MESSAGES } from '../../contracts/media.ts'
import { UPSTREAM_CALLS_PER_MINUTE } from '../../server/integrations/upstream-budget.ts'
import { upstreamRateMessage } from '../../server/services/address-rate-limit.ts'
import {
  GALLERY_CHUNK_SIZE,
  GALLERY_MAX_CHUNKS,
  GALLERY_READING_TTL_MS,
} from '../../server/services/discord-community.ts'
import { setupMediaApp } from './media-support.ts'

/**
 * Visitors cannot make the server hammer an upstream: the gallery's pages are cut from one cached
 * reading of the channel, each upstream has one budget and honours Retry-After for everyone, and
 * each address is limited on the endpoints that reach an upstream.
 */
const PER_ADDRESS = 5
const ctx = setupMediaApp({ env: { UPSTREAM_RATE_LIMIT_PER_MINUTE: String(PER_ADDRESS) } })
const galleryCalls = () => ctx.fake.calls.filter((c) => c.path.endsWith('/messages')).length

let visitors = 0
/** A request from an address of its own, as from many visitors at once. */
function fromAnyone(query: string) {
  visitors += 1
  const ip = `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`
  return ctx.t.request(`/_api/discord/channel-images${query}`, { ip })
}

async function inBatches<T>(tasks: Array<() => Promise<T>>, size = 25): Promise<T[]> {
  const out: T[] = []
  for (let i = 0; i < tasks.length; i += size)
    out.push(...(await Promise.all(tasks.slice(i, i + size).map((task) => task()))))
  return out
}

/** The same pseudo-random numbers on every run. */
function numbers(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state % below
  }
}

/** 200 queries with distinct cursors (above, between and below the channel's messages) and sizes. */
function anyQueries(count: number, seed: number): Array<{ before?: string; limit: number }> {
  const ids = ctx.fake.galleryMessageIds
  const newest = BigInt(ids[0]!)
  const oldest = BigInt(ids.at(-1)!)
  const next = numbers(seed)
  return Array.from({ length: count }, (_, i) => {
    const limit = 1 + next(100)
    if (i % 20 === 0) return { limit: 1 + i / 2 }
    const at = next(ids.length + 10) - 5
    // Message ids in the fake are 4,194,304,000 apart: an offset below that lands between two.
    const before =
      at < 0
        ? newest + BigInt(1 - at) * 1_000_000n + BigInt(i)
        : at >= ids.length
          ? oldest - BigInt(at - ids.length + 1) * 1_000_000n - BigInt(i)
          : BigInt(ids[at]!) + BigInt(next(4_000_000_000)) + BigInt(i)
    return { before: before.toString(), limit }
  })
}

const queryString = (q: { before?: string; limit: number }) =>
  `?limit=${q.limit}${q.before ? `&before=${q.before}` : ''}`

/** What Discord itself would answer for the query: its images' ids, and a cursor if more follow. */
function expected(q: { before?: string; limit: number }) {
  const older = ctx.fake.galleryMessageIds.filter(
    (id) => q.before === undefined || BigInt(id) < BigInt(q.before),
  )
  return {
    imageIds: ctx.fake.galleryImageIds(q.before, q.limit),
    nextCursor: older.length > q.limit ? older[q.limit - 1]! : null,
  }
}

function answered(json: unknown) {
  const page = json as DiscordChannelImagesResponse
  return { imageIds: page.images.map((i) => i.id), nextCursor: page.nextCursor }
}

describe('the community gallery reads Discord a bounded number of times', () => {
  it('answers 200 visitors with distinct before and limit from one reading of the channel', async () => {
    ctx.fake.setGalleryMessageCount(350)
    const queries = anyQueries(200, 27)
    expect(new Set(queries.map(queryString)).size).toBe(200)
    const answers = await inBatches(queries.map((q) => () => fromAnyone(queryString(q))))
    answers.forEach((res, i) => {
      expect(res.status, queryString(queries[i]!)).toBe(200)
      expect(answered(res.json), queryString(queries[i]!)).toEqual(expected(queries[i]!))
    })
    // Discord's 350 messages, 100 at a time: four calls, not 200.
    expect(galleryCalls()).toBe(Math.ceil(350 / GALLERY_CHUNK_SIZE))
    for (const call of ctx.fake.calls) expect(call.query).toContain(`limit=${GALLERY_CHUNK_SIZE}`)
  })

  it('walks the whole gallery page by page from the reading, and reads it again after a minute', async () => {
    ctx.fake.setGalleryMessageCount(350)
    const walk = async () => {
      const seen: string[] = []
      let cursor: string | null = null
      do {
        const res = await fromAnyone(`?limit=24${cursor ? `&before=${cursor}` : ''}`)
        const page = res.json as unknown as DiscordChannelImagesResponse
        seen.push(...page.images.map((i) => i.id))
        cursor = page.nextCursor
      } while (cursor)
      return seen
    }
    const first = await walk()
    expect(first).toEqual(ctx.fake.galleryImageIds(undefined, 350))
    expect(galleryCalls()).toBe(4)
    expect(await walk()).toEqual(first)
    expect(galleryCalls()).toBe(4)

    ctx.clock.advance(GALLERY_READING_TTL_MS)
    await fromAnyone('?limit=24')
    expect(galleryCalls()).toBe(5)
  })

  it('reaches back 1,000 messages at most, however old the cursor', async () => {
    ctx.fake.setGalleryMessageCount(1_200)
    const ids = ctx.fake.galleryMessageIds
    const deep = await fromAnyone(`?limit=100&before=${ids[950]}`)
    expect(deep.json).toEqual({ images: expect.any(Array), nextCursor: null })
    const past = await fromAnyone(`?limit=10&before=${ids[1_100]}`)
    expect(past.json).toEqual({ images: [], nextCursor: null })
    const ancient = await fromAnyone('?limit=10&before=10000000000000000')
    expect(ancient.json).toEqual({ images: [], nextCursor: null })
    expect(galleryCalls()).toBe(GALLERY_MAX_CHUNKS)
  })

  it('refuses a before that is not a Discord message ID, without calling Discord', async () => {
    for (const before of [
      '18446744073709551616',
      '99999999999999999999',
      '1234',
      '-1385002712060837969',
      '1e18',
      '0x1f',
      '1385002712060837969.5',
    ]) {
      const res = await fromAnyone(`?limit=10&before=${encodeURIComponent(before)}`)
      expect(res.status, before).toBe(400)
      expect(res.json.error, before).toBe('before must be a Discord message ID')
    }
    expect(galleryCalls()).toBe(0)
    expect((await fromAnyone('?limit=10&before=18446744073709551615')).status).toBe(200)
  })
})

describe("Discord's Retry-After holds back every visitor", () => {
  for (const form of ['seconds', 'HTTP date'] as const) {
    it(`after a 429 with Retry-After: 30 (${form}), nobody reaches Discord for 30 s`, async () => {
      ctx.fake.setModes({ gallery: 'rate_limited' })
      ctx.fake.setGalleryRetryAfter(
        form === 'seconds' ? '30' : new Date(ctx.clock.now().getTime() + 30_000).toUTCString(),
      )
      const first = await fromAnyone('?limit=24')
      expect(first.status).toBe(503)
      expect(first.headers.get('retry-after')).toBe('30')
      expect(first.json).toMatchObject({ error: MEDIA_MESSAGES.discordRateLimited, retryAfter: 30 })

      const queries = anyQueries(200, 7)
      ctx.clock.advance(10_000)
      const answers = await inBatches(queries.map((q) => () => fromAnyone(queryString(q))))
      for (const res of answers) {
        expect(res.status).toBe(503)
        expect(res.headers.get('retry-after')).toBe('20')
        expect(res.json).toMatchObject({ error: MEDIA_MESSAGES.discordRateLimited, retryAfter: 20 })
      }
      expect(galleryCalls()).toBe(1)

      ctx.fake.setModes({ gallery: 'ok' })
      ctx.clock.advance(19_999)
      expect((await fromAnyone('?limit=24')).headers.get('retry-after')).toBe('1')
      expect(galleryCalls()).toBe(1)
      ctx.clock.advance(1)
      expect((await fromAnyone('?limit=24')).status).toBe(200)
      expect(galleryCalls()).toBe(2)
    })
  }

  it('serves the previous reading meanwhile, when there is one', async () => {
    const before = await fromAnyone('?limit=24')
    expect(galleryCalls()).toBe(1)
    ctx.clock.advance(GALLERY_READING_TTL_MS)
    ctx.fake.setModes({ gallery: 'rate_limited' })
    ctx.fake.setGalleryRetryAfter('30')
    const queries = anyQueries(200, 11)
    const answers = await inBatches(queries.map((q) => () => fromAnyone(queryString(q))))
    answers.forEach((res, i) => {
      expect(res.status).toBe(200)
      expect(answered(res.json)).toEqual(expected(queries[i]!))
    })
    expect((await fromAnyone('?limit=24')).json).toEqual(before.json)
    expect(galleryCalls()).toBe(2)
  })

  it('while Discord fails without Retry-After, calls it at most its budget a minute', async () => {
    ctx.fake.setModes({ gallery: 'down' })
    const budget = UPSTREAM_CALLS_PER_MINUTE['discord-bot']
    for (let i = 0; i < 200; i++) {
      const res = await fromAnyone(`?limit=${1 + (i % 100)}`)
      expect(res.status).toBe(503)
      expect(res.json.error).toBe(MEDIA_MESSAGES.discordLoadFailed)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(galleryCalls()).toBe(budget)
    const held = await fromAnyone('?limit=24')
    expect(held.headers.get('retry-after')).toBe('60')

    ctx.fake.setModes({ gallery: 'ok' })
    ctx.clock.advance(60_000)
    expect((await fromAnyone('?limit=24')).status).toBe(200)
    expect(galleryCalls()).toBe(budget + 1)
  })
})

describe('each address is limited on the endpoints that reach an upstream', () => {
  const gallery = (ip: string) => ctx.t.request('/_api/discord/channel-images?limit=10', { ip })

  it('answers 429 with Retry-After to one address while another is still served', async () => {
    const busy = '198.51.100.20'
    for (let i = 0; i < PER_ADDRESS; i++) expect((await gallery(busy)).status).toBe(200)
    const calls = galleryCalls()
    ctx.clock.advance(15_000)
    const refused = await gallery(busy)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('45')
    expect(refused.json.error).toBe(upstreamRateMessage(45))
    expect(refused.json.error).toBe(
      'Too many requests from this network. Please try again in 45 seconds.',
    )
    expect(galleryCalls()).toBe(calls)

    expect((await gallery('198.51.100.21')).status).toBe(200)
    // Each endpoint counts on its own.
    expect((await ctx.t.request('/_api/discord/widget', { ip: busy })).status).toBe(200)

    ctx.clock.advance(45_000)
    expect((await gallery(busy)).status).toBe(200)
  })

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 1; i <= PER_ADDRESS; i++)
      expect((await gallery(`2001:db8:1:2::${i.toString(16)}`)).status).toBe(200)
    expect((await gallery('2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(429)
    expect((await gallery('2001:db8:1:3::1')).status).toBe(200)
  })
})
