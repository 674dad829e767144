import { describe, expect, it } from 'vitest'
import {
  GAP_UNITS,
  imageUnits,
  MASONRY_COLUMNS,
  MASONRY_GRID,
  MASONRY_ITEM,
  masonryLayout,
  UNITS_PER_WIDTH,
} from './masonry.ts'

const end = (p: { row: number; span: number }) => p.row + p.span

describe('masonryLayout', () => {
  const units = [33, 75, 33, 50, 100, 33, 75, 40, 60, 33, 33, 90, 45]

  it.each([2, 3, 4])('ends every one of %i columns on the same row', (columns) => {
    const places = masonryLayout(units, columns)
    const ends = Array.from({ length: columns }, (_, c) =>
      Math.max(...places.filter((p) => p.column === c + 1).map(end)),
    )
    expect(new Set(ends).size).toBe(1)
  })

  it('stacks each column without overlaps or holes and never shrinks an image', () => {
    const places = masonryLayout(units, 3)
    for (const column of [1, 2, 3]) {
      const mine = places.filter((p) => p.column === column)
      expect(mine[0]!.row).toBe(1)
      for (let k = 1; k < mine.length; k++) expect(mine[k]!.row).toBe(end(mine[k - 1]!))
    }
    places.forEach((p, i) => expect(p.span).toBeGreaterThanOrEqual(units[i]! + GAP_UNITS))
  })

  it('keeps the given order across the page: the first row left to right, then the shortest column', () => {
    const places = masonryLayout([50, 30, 40, 20], 3)
    expect(places.map((p) => p.column)).toEqual([1, 2, 3, 2])
    expect(places[3]!.row).toBe(30 + GAP_UNITS + 1)
  })

  it('shares what a column lacks among its images instead of stretching the last one', () => {
    const places = masonryLayout([100, 25, 25, 25], 2)
    const second = places.filter((p) => p.column === 2)
    const extras = second.map((p, k) => p.span - [25, 25, 25][k]! - GAP_UNITS)
    expect(extras.reduce((a, b) => a + b)).toBe(100 + GAP_UNITS - 3 * (25 + GAP_UNITS))
    expect(Math.max(...extras) - Math.min(...extras)).toBeLessThanOrEqual(1)
  })

  it('lays out nothing for no images', () => {
    expect(masonryLayout([], 4)).toEqual([])
  })
})

describe('imageUnits', () => {
  it('is the height in rows of a column width, cropped to between 1:2 and 5:2', () => {
    expect(imageUnits(3000, 2000)).toBe(Math.round((UNITS_PER_WIDTH * 2) / 3))
    expect(imageUnits(6000, 1000)).toBe(UNITS_PER_WIDTH / 2)
    expect(imageUnits(1000, 9000)).toBe((UNITS_PER_WIDTH * 5) / 2)
    expect(imageUnits(null, 200)).toBe((UNITS_PER_WIDTH * 3) / 4)
  })
})

describe('the masonry grid classes', () => {
  it('make a row the share of a column width the layout counts in, at every column count', () => {
    for (const columns of MASONRY_COLUMNS) {
      const row = `[--row:calc((100cqw-${columns - 1}rem)/${columns * UNITS_PER_WIDTH})]`
      expect(MASONRY_GRID).toContain(row)
      expect(MASONRY_ITEM).toContain(`[grid-row:var(--r${columns})]`)
    }
    expect(MASONRY_ITEM).toContain(`pb-[calc(var(--row)*${GAP_UNITS})]`)
  })
})
