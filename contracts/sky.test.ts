import { describe, expect, it } from 'vitest'
import {
  KP_LEVELS,
  KP_SCALE_TABLE,
  gScaleForKp,
  kpClass,
  kpLevel,
  kpStatus,
  moonPhaseName,
  zodiacSign,
} from './sky.ts'

describe('Kp class, G scale and level', () => {
  it.each([
    [0, 0, 'G0', 'quiet', 'Quiet'],
    [1.67, 2, 'G0', 'quiet', 'Quiet'],
    [2.33, 2, 'G0', 'quiet', 'Quiet'],
    [2.67, 3, 'G0', 'unsettled', 'Unsettled'],
    [3.33, 3, 'G0', 'unsettled', 'Unsettled'],
    [4, 4, 'G0', 'unsettled', 'Active'],
    [4.33, 4, 'G0', 'unsettled', 'Active'],
    [4.67, 5, 'G1', 'minor-storm', 'Minor storm (G1)'],
    [5.33, 5, 'G1', 'minor-storm', 'Minor storm (G1)'],
    [5.67, 6, 'G2', 'major-storm', 'Moderate storm (G2)'],
    [6.67, 7, 'G3', 'major-storm', 'Strong storm (G3)'],
    [7.33, 7, 'G3', 'major-storm', 'Strong storm (G3)'],
    [7.67, 8, 'G4', 'severe-storm', 'Severe storm (G4)'],
    [8.67, 8, 'G4', 'severe-storm', 'Severe storm (G4)'],
    [9, 9, 'G5', 'severe-storm', 'Extreme storm (G5)'],
  ] as const)('Kp %s → class %s, %s, %s, "%s"', (kp, cls, g, level, status) => {
    expect(kpClass(kp)).toBe(cls)
    expect(gScaleForKp(kp)).toBe(g)
    expect(kpLevel(kp)).toBe(level)
    expect(kpStatus(kp)).toBe(status)
  })

  it('prefers the G scale SWPC gives', () => {
    expect(kpLevel(4.33, 'G1')).toBe('minor-storm')
    expect(kpStatus(4.33, 'G1')).toBe('Minor storm (G1)')
    expect(kpStatus(5.67, 'G2')).toBe('Moderate storm (G2)')
  })

  it('treats nonsense as quiet rather than throwing', () => {
    expect(kpClass(Number.NaN)).toBe(0)
    expect(kpClass(-1)).toBe(0)
  })

  it('has the five levels and the spec table', () => {
    expect(KP_LEVELS).toEqual(['quiet', 'unsettled', 'minor-storm', 'major-storm', 'severe-storm'])
    expect(KP_SCALE_TABLE.map((r) => `${r.kp} ${r.g} ${r.description.toLowerCase()}`)).toEqual([
      '0-1 G0 quiet',
      '2 G0 quiet',
      '3 G0 unsettled',
      '4 G0 active',
      '5 G1 minor',
      '6 G2 moderate',
      '7 G3 strong',
      '8 G4 severe',
      '9 G5 extreme',
    ])
  })
})

describe('moon phase names', () => {
  it.each([
    [1, 'Waxing Crescent'],
    [89.9, 'Waxing Crescent'],
    [90, 'Waxing Gibbous'],
    [157, 'Waxing Gibbous'],
    [179.9, 'Waxing Gibbous'],
    [180, 'Waning Gibbous'],
    [269.9, 'Waning Gibbous'],
    [270, 'Waning Crescent'],
    [359.9, 'Waning Crescent'],
    [-10, 'Waning Crescent'],
  ] as const)('elongation %s° away from a principal instant → %s', (angle, name) => {
    expect(moonPhaseName(angle, null)).toBe(name)
  })

  it('a principal phase within a day of its instant wins', () => {
    expect(moonPhaseName(175, 'Full Moon')).toBe('Full Moon')
    expect(moonPhaseName(358, 'New Moon')).toBe('New Moon')
  })
})

describe('zodiac signs (tropical)', () => {
  it.each([
    [0, 'Aries'],
    [29.99, 'Aries'],
    [30, 'Taurus'],
    [162.9, 'Virgo'],
    [180, 'Libra'],
    [359.9, 'Pisces'],
    [360, 'Aries'],
  ] as const)('%s° → %s', (lon, sign) => {
    expect(zodiacSign(lon)).toBe(sign)
  })
})
