import { describe, expect, it } from 'vitest'
import { computeMoonPhase } from './moon-phase.ts'

const MINUTE = 60_000
const within = (iso: string, expected: string, minutes: number) =>
  expect(Math.abs(Date.parse(iso) - Date.parse(expected)) / MINUTE).toBeLessThan(minutes)

// Published 2026 phase times (USNO / NASA eclipse pages), independent of astronomy-engine.
describe('computeMoonPhase agrees with published 2026 ephemerides', () => {
  it('next full moon after New Year: the Wolf Moon of 3 Jan 2026, 10:03 UTC', () => {
    within(
      computeMoonPhase(new Date('2026-01-01T00:00:00Z')).nextFullMoon,
      '2026-01-03T10:03:00Z',
      3,
    )
  })

  it('new moon of 17 Feb 2026, 12:01 UTC (annular solar eclipse, greatest 12:12 UTC)', () => {
    const moon = computeMoonPhase(new Date('2026-02-10T00:00:00Z'))
    within(moon.nextNewMoon, '2026-02-17T12:01:00Z', 3)
    within(moon.nextNewMoon, '2026-02-17T12:12:00Z', 30)
  })

  it('full moon of 3 Mar 2026, 11:38 UTC (total lunar eclipse, greatest 11:33 UTC)', () => {
    const before = computeMoonPhase(new Date('2026-02-25T00:00:00Z'))
    within(before.nextFullMoon, '2026-03-03T11:38:00Z', 3)
    within(before.nextFullMoon, '2026-03-03T11:33:00Z', 30)

    const at = computeMoonPhase(new Date('2026-03-03T11:38:00Z'))
    expect(at.phaseName).toBe('Full Moon')
    expect(at.illumination).toBeGreaterThan(99.9)
    // The eclipsed Moon stands opposite the Sun (in Pisces): tropical Virgo.
    expect(at.zodiac).toBe('Virgo')
    expect(at.distance).toBeGreaterThan(356_000)
    expect(at.distance).toBeLessThan(407_000)
  })

  it('new moon of 12 Aug 2026, 17:37 UTC (total solar eclipse over Spain)', () => {
    within(
      computeMoonPhase(new Date('2026-08-05T00:00:00Z')).nextNewMoon,
      '2026-08-12T17:37:00Z',
      3,
    )
  })

  it('full moon of 28 Aug 2026, 04:18 UTC (partial lunar eclipse)', () => {
    within(
      computeMoonPhase(new Date('2026-08-20T00:00:00Z')).nextFullMoon,
      '2026-08-28T04:18:00Z',
      3,
    )
  })
})

describe('computeMoonPhase values', () => {
  it('counts the age from the last new moon (17 Feb 2026 12:01 UTC)', () => {
    const moon = computeMoonPhase(new Date('2026-02-24T12:01:00Z'))
    expect(moon.age).toBeCloseTo(7, 1)
    expect(moon.phaseName).toBe('First Quarter')
    expect(moon.illumination).toBeGreaterThan(40)
    expect(moon.illumination).toBeLessThan(60)
  })

  it('names the waning phases after full moon', () => {
    expect(computeMoonPhase(new Date('2026-03-07T00:00:00Z')).phaseName).toBe('Waning Gibbous')
    expect(computeMoonPhase(new Date('2026-03-11T12:00:00Z')).phaseName).toBe('Third Quarter')
    expect(computeMoonPhase(new Date('2026-03-15T12:00:00Z')).phaseName).toBe('Waning Crescent')
  })

  it('has a new moon age near zero just after new moon and near a lunation just before', () => {
    expect(computeMoonPhase(new Date('2026-02-17T13:00:00Z')).age).toBeLessThan(0.1)
    const late = computeMoonPhase(new Date('2026-03-19T01:00:00Z'))
    expect(late.age).toBeGreaterThan(29.3)
    expect(late.phaseName).toBe('New Moon')
  })
})

describe('principal phases are named only within a day of their instant', () => {
  // Full moon of 3 Mar 2026 at 11:38 UTC; new moon of 17 Feb 2026 at 12:01 UTC.
  it('the day before full the Moon is Waxing Gibbous, however much of it is lit', () => {
    const before = computeMoonPhase(new Date('2026-03-01T23:00:00Z'))
    expect(before.illumination).toBeGreaterThan(90)
    expect(before.phaseName).toBe('Waxing Gibbous')
    expect(computeMoonPhase(new Date('2026-03-02T12:00:00Z')).phaseName).toBe('Full Moon')
    expect(computeMoonPhase(new Date('2026-03-04T11:00:00Z')).phaseName).toBe('Full Moon')
    expect(computeMoonPhase(new Date('2026-03-04T13:00:00Z')).phaseName).toBe('Waning Gibbous')
  })

  it('a thin crescent two days after new is Waxing Crescent, not New Moon', () => {
    expect(computeMoonPhase(new Date('2026-02-18T11:00:00Z')).phaseName).toBe('New Moon')
    expect(computeMoonPhase(new Date('2026-02-19T12:01:00Z')).phaseName).toBe('Waxing Crescent')
    expect(computeMoonPhase(new Date('2026-02-16T11:00:00Z')).phaseName).toBe('Waning Crescent')
  })
})
