import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TonightResponse } from '../../contracts/sky-tonight.ts'
import { PLANETS, TONIGHT_MESSAGES } from '../../contracts/sky-tonight-constants.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

// The test clock stands at 2026-11-22 12:00 UTC.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { SKY_DEFAULT_PLACE: 'Mauna Kea=19.8207,-155.4681' } })
})
afterAll(async () => {
  await t?.close()
})

const tonight = (query: string) => t.request(`/_api/sky/tonight?${query}`)
const places = (q: string) => t.request(`/_api/sky/places?q=${encodeURIComponent(q)}`)

describe('GET /_api/sky/tonight', () => {
  it('answers the night at a town in its own zone, today by default', async () => {
    const res = await tonight('lat=-23.547&lon=-46.636')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const body = res.json as unknown as TonightResponse
    expect(body.place).toMatchObject({
      name: 'São Paulo',
      country: 'BR',
      timeZone: 'America/Sao_Paulo',
    })
    expect(body.date).toBe('2026-11-22')
    // The zone's noon (UTC−3) to the next noon.
    expect(body.windowStart).toBe('2026-11-22T15:00:00.000Z')
    expect(body.windowEnd).toBe('2026-11-23T15:00:00.000Z')
    expect(body.kind).toBe('normal')
    expect(body.sun.set.kind).toBe('time')
    expect(body.planets.map((p) => p.name)).toEqual(PLANETS)
  })

  it('names bare coordinates by their hemisphere, and takes a date', async () => {
    const res = await tonight('lat=51.4769&lon=-0.0005&date=2026-12-21')
    expect(res.status).toBe(200)
    expect(res.json.place).toMatchObject({
      name: '51.48° N, 0.00° E',
      country: null,
      timeZone: 'Europe/London',
    })
    expect(res.json.date).toBe('2026-12-21')
  })

  it('keeps the night of nearby coordinates: the same times for points in one 0.1° cell', async () => {
    const a = await tonight('lat=40.01&lon=-40.02&date=2026-12-01')
    const b = await tonight('lat=40.04&lon=-39.97&date=2026-12-01')
    expect(a.json.sun).toEqual(b.json.sun)
    expect(a.json.place).toMatchObject({ name: '40.01° N, 40.02° W', lat: 40.01, lon: -40.02 })
    expect(b.json.place).toMatchObject({ name: '40.04° N, 39.97° W', lat: 40.04, lon: -39.97 })
  })

  it('refuses out-of-range coordinates and dates with clear 400s', async () => {
    const cases: Array<[string, string, string]> = [
      ['lat=91&lon=0', 'lat', TONIGHT_MESSAGES.lat],
      ['lat=-90.5&lon=0', 'lat', TONIGHT_MESSAGES.lat],
      ['lat=&lon=0', 'lat', TONIGHT_MESSAGES.lat],
      ['lon=0', 'lat', TONIGHT_MESSAGES.lat],
      ['lat=0&lon=180.01', 'lon', TONIGHT_MESSAGES.lon],
      ['lat=0&lon=east', 'lon', TONIGHT_MESSAGES.lon],
      ['lat=0&lon=0&date=2026-02-30', 'date', TONIGHT_MESSAGES.date],
      ['lat=0&lon=0&date=22-11-2026', 'date', TONIGHT_MESSAGES.date],
      ['lat=0&lon=0&date=2027-11-24', 'date', TONIGHT_MESSAGES.date],
      ['lat=0&lon=0&date=2025-11-20', 'date', TONIGHT_MESSAGES.date],
    ]
    for (const [query, field, message] of cases) {
      const res = await tonight(query)
      expect(res.status, query).toBe(400)
      expect(res.json.error, query).toBe(message)
      expect((res.json as { details?: Record<string, string[]> }).details?.[field], query).toEqual([
        message,
      ])
    }
    // The edges of the range are accepted.
    expect((await tonight('lat=90&lon=-180&date=2027-11-22')).status).toBe(200)
    expect((await tonight('lat=-90&lon=180&date=2025-11-22')).status).toBe(200)
  })
})

describe('GET /_api/sky/places', () => {
  it('folds accents both ways and ranks prefix matches by population', async () => {
    const res = await places('sao')
    expect(res.status).toBe(200)
    const found = (res.json as { places: Array<Record<string, unknown>> }).places
    expect(found).toHaveLength(10)
    expect(found[0]).toEqual({
      name: 'São Paulo',
      country: 'BR',
      lat: -23.547,
      lon: -46.636,
      population: 10021295,
    })
    const populations = found.map((p) => p.population as number)
    expect(populations).toEqual([...populations].sort((a, b) => b - a))
    const lodz = (await places('LODZ')).json as { places: Array<{ name: string }> }
    expect(lodz.places[0]!.name).toBe('Łódź')
    const zurich = (await places('zürich')).json as { places: Array<{ name: string }> }
    expect(zurich.places.map((p) => p.name)).toContain('Lake Zurich')
  })

  it('finds a word inside a name after the names that start with it', async () => {
    const found = ((await places('auckl')).json as { places: Array<{ name: string }> }).places
    expect(found.map((p) => p.name)).toEqual(['Auckland', 'Bishop Auckland'])
  })

  it('answers at most 10, an empty list for no match, and a 400 for a query too short or long', async () => {
    expect(((await places('san')).json as { places: unknown[] }).places).toHaveLength(10)
    expect((await places('qqqxz')).json).toEqual({ places: [] })
    for (const q of ['a', ' ', 'x'.repeat(61)]) {
      const res = await places(q)
      expect(res.status, q).toBe(400)
      expect(res.json.error).toBe(TONIGHT_MESSAGES.query)
    }
  })
})

describe('a member’s home place', () => {
  it('is none until saved, then the saved one; replaced by the next save; refused when invalid', async () => {
    const user = await t.createUser()
    const cookie = await t.login(user, '10.31.0.1')
    const url = '/_api/user/home-place'
    expect((await t.request(url, { cookie })).json).toEqual({ place: null })
    const saved = await t.request(url, {
      cookie,
      json: { name: 'Tromsø', lat: 69.649, lon: 18.955 },
    })
    expect(saved.status).toBe(200)
    expect(saved.json).toEqual({
      place: { name: 'Tromsø', country: null, lat: 69.649, lon: 18.955, population: null },
    })
    await t.request(url, { cookie, json: { name: 'Home', lat: -33.9, lon: 18.4 } })
    expect((await t.request(url, { cookie })).json).toMatchObject({
      place: { name: 'Home', lat: -33.9, lon: 18.4 },
    })
    const bad = await t.request(url, { cookie, json: { name: '', lat: 100, lon: 0 } })
    expect(bad.status).toBe(400)
    expect(bad.json.error).toBe(TONIGHT_MESSAGES.placeName)
    // Another member sees only their own.
    const other = await t.createUser()
    const otherCookie = await t.login(other, '10.31.0.2')
    expect((await t.request(url, { cookie: otherCookie })).json).toEqual({ place: null })
  })
})
