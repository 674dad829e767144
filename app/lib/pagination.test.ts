import { describe, expect, it } from 'vitest'
import { pageItems } from './pagination.ts'

describe('pageItems', () => {
  it('renders nothing for one page or fewer', () => {
    expect(pageItems(1, 0)).toEqual([])
    expect(pageItems(1, 1)).toEqual([])
  })
  it('shows every number up to 7 pages', () => {
    expect(pageItems(1, 2)).toEqual([1, 2])
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
  it('shows first, last, current and neighbours with ellipses beyond 7 pages', () => {
    expect(pageItems(1, 8)).toEqual([1, 2, 'ellipsis-end', 8])
    expect(pageItems(2, 8)).toEqual([1, 2, 3, 'ellipsis-end', 8])
    expect(pageItems(3, 8)).toEqual([1, 2, 3, 4, 'ellipsis-end', 8])
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10])
    expect(pageItems(9, 10)).toEqual([1, 'ellipsis-start', 8, 9, 10])
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis-start', 9, 10])
    expect(pageItems(50, 112)).toEqual([1, 'ellipsis-start', 49, 50, 51, 'ellipsis-end', 112])
  })
  it('clamps a page outside the range', () => {
    expect(pageItems(99, 9)).toEqual([1, 'ellipsis-start', 8, 9])
  })
})
