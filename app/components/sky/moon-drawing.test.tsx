import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MoonDrawing, litPath } from './moon-drawing.tsx'

/** The two arc sweep flags of the lit path: [limb, terminator]. */
function sweeps(path: string | null): [number, number] {
  const arcs = [...(path ?? '').matchAll(/A [\d.]+ [\d.]+ 0 0 (\d)/g)].map((m) => Number(m[1]))
  return [arcs[0]!, arcs[1]!]
}

describe('litPath', () => {
  it('lights nothing at new moon and the whole disc at full moon', () => {
    expect(litPath(0, true)).toBeNull()
    expect(litPath(1, false)).toMatch(/A 100 100 0 1 1 200 100 A 100 100 0 1 1 0 100 Z$/)
  })

  it('waxing: the right limb, a crescent bulging right, a gibbous bulging left', () => {
    // From the top, sweep 1 passes the right side (x = 200); from the bottom, sweep 1 passes the left.
    expect(sweeps(litPath(0.25, true))).toEqual([1, 0])
    expect(sweeps(litPath(0.75, true))).toEqual([1, 1])
  })

  it('waning: the left limb, mirrored', () => {
    expect(sweeps(litPath(0.25, false))).toEqual([0, 1])
    expect(sweeps(litPath(0.75, false))).toEqual([0, 0])
  })

  it('makes the terminator a straight line at quarter and as wide as the lit excess otherwise', () => {
    expect(litPath(0.5, true)).toContain('A 0 100')
    expect(litPath(0.25, true)).toContain('A 50 100')
    expect(litPath(0.9, false)).toContain('A 80 100')
  })
})

describe('MoonDrawing', () => {
  it('names the phase and the lit side for people and tests', () => {
    const html = renderToStaticMarkup(
      <MoonDrawing phaseName="Waxing Crescent" illumination={23.456} waxing />,
    )
    expect(html).toContain('aria-label="Waxing Crescent, 23.46% illuminated"')
    expect(html).toContain('data-lit-side="right"')
    const waning = renderToStaticMarkup(
      <MoonDrawing phaseName="Third Quarter" illumination={50} waxing={false} />,
    )
    expect(waning).toContain('data-lit-side="left"')
  })
})
