/**
 * A masonry of images whose columns end on one line. Heights are in grid rows of a fixed share of
 * a column's width (`UNITS_PER_WIDTH` rows make one column width), so the layout is computed once
 * from the images' proportions and CSS scales it to any width without measuring anything.
 *
 * Each image goes to the shortest column so far (the leftmost on a tie), in the order given, so
 * the reading and tab order stays newest first across the page. What a column lacks of the
 * tallest one is then shared among its images in proportion to their heights: each is cropped a
 * little (the lightbox shows it whole) instead of one column ending a whole image short.
 */
export const UNITS_PER_WIDTH = 50
/** The space under each image, in rows. */
export const GAP_UNITS = 2
/** Panoramas and tall strips are cropped to between 1:2 and 5:2 (height:width) in the grid. */
const MIN_UNITS = UNITS_PER_WIDTH / 2
const MAX_UNITS = (UNITS_PER_WIDTH * 5) / 2
/** Images without known dimensions are shown at 4:3. */
const DEFAULT_UNITS = (UNITS_PER_WIDTH * 3) / 4

/**
 * The grid at 2 columns, 3 from `md` and 4 from `lg`: a row is 1/UNITS_PER_WIDTH of a column's
 * width (the container's width less the 1rem gaps, over the columns), so it needs a size
 * container around it. Each item reads its place at every count from custom properties
 * (`--c2`/`--r2`, …) and keeps GAP_UNITS rows of space under its image. Literal class names,
 * since the stylesheet is built from the source text.
 */
export const MASONRY_COLUMNS = [2, 3, 4] as const
export const MASONRY_GRID =
  'grid grid-cols-2 gap-x-4 gap-y-0 auto-rows-[var(--row)] md:grid-cols-3 lg:grid-cols-4 ' +
  '[--row:calc((100cqw-1rem)/100)] md:[--row:calc((100cqw-2rem)/150)] lg:[--row:calc((100cqw-3rem)/200)]'
export const MASONRY_ITEM =
  'min-h-0 pb-[calc(var(--row)*2)] [grid-column:var(--c2)] [grid-row:var(--r2)] ' +
  'md:[grid-column:var(--c3)] md:[grid-row:var(--r3)] lg:[grid-column:var(--c4)] lg:[grid-row:var(--r4)]'

export interface MasonryPlace {
  /** 1-based grid column. */
  column: number
  /** 1-based first grid row. */
  row: number
  /** Rows taken, the gap under the image included. */
  span: number
}

export function imageUnits(width?: number | null, height?: number | null): number {
  if (!width || !height) return DEFAULT_UNITS
  const units = Math.round((UNITS_PER_WIDTH * height) / width)
  return Math.min(MAX_UNITS, Math.max(MIN_UNITS, units))
}

export function masonryLayout(units: readonly number[], columns: number): MasonryPlace[] {
  const members: number[][] = Array.from({ length: columns }, () => [])
  const heights = new Array<number>(columns).fill(0)
  for (const [i, u] of units.entries()) {
    const shortest = heights.indexOf(Math.min(...heights))
    members[shortest]!.push(i)
    heights[shortest]! += u + GAP_UNITS
  }
  const tallest = Math.max(...heights)
  const places = new Array<MasonryPlace>(units.length)
  for (const [c, list] of members.entries()) {
    const own = list.reduce((sum, i) => sum + units[i]!, 0)
    const slack = tallest - heights[c]!
    let given = 0
    let row = 1
    for (const [k, i] of list.entries()) {
      const extra =
        k === list.length - 1 ? slack - given : Math.floor((slack * units[i]!) / Math.max(own, 1))
      given += extra
      const span = units[i]! + GAP_UNITS + extra
      places[i] = { column: c + 1, row, span }
      row += span
    }
  }
  return places
}
