import { describe, expect, it } from 'vitest'
import { tileLayout } from './community-gallery.tsx'

describe('tileLayout', () => {
  it.each([
    [10, { narrowShown: 10, wideColumns: 5, wideShown: 10 }],
    [9, { narrowShown: 8, wideColumns: 3, wideShown: 9 }],
    [8, { narrowShown: 8, wideColumns: 4, wideShown: 8 }],
    [7, { narrowShown: 6, wideColumns: 3, wideShown: 6 }],
    [1, { narrowShown: 1, wideColumns: 2, wideShown: 1 }],
    [0, { narrowShown: 0, wideColumns: 2, wideShown: 0 }],
  ])('%i tiles fill whole rows: %j', (count, layout) => {
    expect(tileLayout(count)).toEqual(layout)
  })
})
