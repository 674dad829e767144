import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SKY_EVENT_MESSAGES } from '../../contracts/sky-events.ts'
import { inTransaction } from '../../server/db/dialect.ts'
import { upsertVideos } from '../../server/db/videos.ts'
import { type TestApp, createTestApp } from '../support/test-app.ts'

// The test clock reads 2026-11-22 12:00 UTC.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  const video = (id: string, liveState: string, start: string | null) => ({
    youtube_id: id,
    channel_id: 'UCsky',
    title: `Stream ${id}`,
    description: 'Watching the Geminids together.',
    thumbnail_url: null,
    view_count: null,
    published_at: '2026-11-01T10:00:00.000Z',
    duration: null,
    live_state: liveState,
    scheduled_start_at: start,
  })
  await inTransaction(t.db, (trx) =>
    upsertVideos(
      trx,
      [
        video('geminids01', 'upcoming', '2026-12-14T21:00:00.000Z'),
        video('pastlive01', 'completed', null),
        video('farfuture1', 'upcoming', '2028-01-01T21:00:00.000Z'),
      ],
      '2026-11-22T12:00:00.000Z',
    ),
  )
})
afterAll(() => t.close())

const events = (query: string) => t.request(`/_api/sky/events${query}`)

describe('GET /_api/sky/events', () => {
  it('answers the coming 12 months by default, in time order, with live streams', async () => {
    const res = await events('')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.json).toMatchObject({
      from: '2026-11-22T00:00:00.000Z',
      to: '2027-11-21T23:59:59.999Z',
      place: null,
    })
    const list = res.json.events as { id: string; start: string; url: string | null }[]
    const starts = list.map((e) => e.start)
    expect(starts).toEqual([...starts].sort())
    const stream = list.find((e) => e.id === 'live-stream-geminids01')
    expect(stream).toMatchObject({
      start: '2026-12-14T21:00:00.000Z',
      url: 'https://www.youtube.com/watch?v=geminids01',
    })
    expect(list.some((e) => e.id.includes('pastlive01') || e.id.includes('farfuture1'))).toBe(false)
    expect(list.some((e) => e.id === 'opposition-mars-2027-02-19')).toBe(true)
  })

  it('filters by kind and shows eclipses from a place', async () => {
    const res = await events(
      '?from=2026-08-01&to=2026-08-31&kinds=solar-eclipse,lunar-eclipse&lat=43.36&lon=-5.85',
    )
    expect(res.status).toBe(200)
    const list = res.json.events as { id: string; visibility: { visible: boolean } }[]
    expect(list.map((e) => e.id)).toEqual(['solar-eclipse-2026-08-12', 'lunar-eclipse-2026-08-28'])
    expect(list[0]?.visibility).toMatchObject({ visible: true, localKind: 'total' })
    expect(res.json.place).toEqual({ lat: 43.4, lon: -5.8 })
  })

  it.each([
    ['?from=yesterday', SKY_EVENT_MESSAGES.badDate],
    ['?from=2026-02-30', SKY_EVENT_MESSAGES.badDate],
    ['?from=2026-12-01&to=2026-11-01', SKY_EVENT_MESSAGES.order],
    ['?from=2026-01-01&to=2027-03-01', SKY_EVENT_MESSAGES.tooLong],
    ['?kinds=moon-phase,ufo', SKY_EVENT_MESSAGES.unknownKind],
    ['?lat=91&lon=0', SKY_EVENT_MESSAGES.latitude],
    ['?lat=10&lon=181', SKY_EVENT_MESSAGES.longitude],
    ['?lat=10&lon=east', SKY_EVENT_MESSAGES.longitude],
    ['?lat=10', SKY_EVENT_MESSAGES.placePair],
    ['?from=2040-01-01&to=2040-02-01', SKY_EVENT_MESSAGES.years(2025, 2031)],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const res = await events(query)
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(message)
  })
})

describe('the calendar file', () => {
  // /sky-calendar.ics serves this text (a page route: its HTTP side is in tests/e2e/sky-calendar).
  const file = () =>
    t.services.skyEvents.calendarFile(
      {
        kinds: ['season', 'meteor-shower', 'live-stream', 'solar-eclipse'],
        lat: 43.36,
        lon: -5.85,
      },
      { siteUrl: 'https://sky.example', pageUrl: 'https://sky.example/sky-calendar' },
    )

  it('is RFC 5545 text that ical.js reads back, CRLF and folded, with stable UIDs', async () => {
    const text = await file()
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)

    const calendar = new ICAL.Component(ICAL.parse(text))
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Astro Cosmos sky calendar')
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT12H')
    const vevents = calendar.getAllSubcomponents('vevent')
    const uids = vevents.map((v) => String(v.getFirstPropertyValue('uid')))
    expect(uids).toContain('december-solstice-2026@sky.example')
    expect(uids).toContain('live-stream-geminids01@sky.example')
    expect(new Set(uids).size).toBe(uids.length)
    const incomplete = vevents.filter((v) =>
      ['dtstamp', 'dtstart', 'summary', 'description', 'url'].some((p) => !v.getFirstProperty(p)),
    )
    expect(incomplete).toEqual([])
    for (const v of vevents) {
      const event = new ICAL.Event(v)
      if (event.uid.startsWith('meteor-shower')) expect(event.startDate.isDate).toBe(true)
      else expect(event.startDate.zone?.tzid).toBe('UTC')
    }
    const byUid = (uid: string) => vevents.find((v) => v.getFirstPropertyValue('uid') === uid)
    expect(
      String(byUid('meteor-shower-geminids-2026@sky.example')?.getFirstPropertyValue('dtstart')),
    ).toBe('2026-12-14')
    expect(String(byUid('live-stream-geminids01@sky.example')?.getFirstPropertyValue('url'))).toBe(
      'https://www.youtube.com/watch?v=geminids01',
    )
    // The eclipse's description says how it looks from the chosen place.
    const eclipse = byUid('solar-eclipse-2027-08-02@sky.example')
    expect(String(eclipse?.getFirstPropertyValue('description'))).toMatch(
      /here: the Moon covers \d+% of the Sun/,
    )

    const again = await file()
    expect([...again.matchAll(/^UID:(.*)\r$/gm)].map((m) => m[1])).toEqual(
      [...text.matchAll(/^UID:(.*)\r$/gm)].map((m) => m[1]),
    )
  })
})

describe('a year nobody has asked for yet', () => {
  it('is computed while the server goes on answering, one answer for two callers', async () => {
    // 2030–2031: years this file has not computed (the test clock allows up to 2031).
    const query = '?from=2030-06-01&to=2031-05-31&lat=48.86&lon=2.35'
    const cold = Promise.all([events(query), events(query)])
    let pending = true
    void cold.finally(() => (pending = false))
    // Another visitor asks every 2 ms: from the moment each one asks to its answer.
    let slowest = 0
    let answered = 0
    while (pending && answered < 5000) {
      const asked = performance.now() + 2
      await new Promise((resolve) => setTimeout(resolve, 2))
      expect((await t.request('/healthz')).status).toBe(200)
      slowest = Math.max(slowest, performance.now() - asked)
      answered += 1
    }
    const [a, b] = await cold
    expect(a.status).toBe(200)
    expect(b.json).toEqual(a.json)
    expect(answered).toBeGreaterThan(1)
    expect(slowest).toBeLessThan(50)
  })
})
