import { useId } from 'react'
import type { MoonPhaseName } from '../../../contracts/sky.ts'

/**
 * The lit part of the disc as an SVG path: the limb on the sunward side and the terminator, a
 * half-ellipse whose width follows the lit fraction (|2f − 1| of the radius). Waxing, the right side
 * is lit, as seen from the northern hemisphere; waning, the left. Null when nothing is lit.
 */
export function litPath(
  fraction: number,
  waxing: boolean,
  r = 100,
  cx = 100,
  cy = 100,
): string | null {
  const f = Math.min(1, Math.max(0, fraction))
  if (f < 0.005) return null
  if (f > 0.995)
    return `M ${cx - r} ${cy} A ${r} ${r} 0 1 1 ${cx + r} ${cy} A ${r} ${r} 0 1 1 ${cx - r} ${cy} Z`
  const rx = Math.abs(2 * f - 1) * r
  const gibbous = f > 0.5
  const limbSweep = waxing ? 1 : 0
  const terminatorSweep = waxing === gibbous ? 1 : 0
  const n = (v: number) => Number(v.toFixed(3))
  return `M ${cx} ${cy - r} A ${r} ${r} 0 0 ${limbSweep} ${cx} ${cy + r} A ${n(rx)} ${r} 0 0 ${terminatorSweep} ${cx} ${cy - r} Z`
}

// The large dark plains of the near side, roughly where they sit on the disc (radius 100).
const MARIA = [
  { cx: 72, cy: 62, rx: 22, ry: 17 }, // Imbrium
  { cx: 112, cy: 64, rx: 13, ry: 12 }, // Serenitatis
  { cx: 128, cy: 88, rx: 17, ry: 14 }, // Tranquillitatis
  { cx: 160, cy: 78, rx: 9, ry: 10 }, // Crisium
  { cx: 50, cy: 100, rx: 20, ry: 30 }, // Oceanus Procellarum
  { cx: 88, cy: 122, rx: 14, ry: 10 }, // Nubium
  { cx: 138, cy: 118, rx: 12, ry: 9 }, // Fecunditatis
]
const CRATERS = [
  { cx: 92, cy: 166, r: 5 }, // Tycho
  { cx: 76, cy: 88, r: 3.5 }, // Copernicus
  { cx: 118, cy: 146, r: 3 },
  { cx: 60, cy: 140, r: 4 },
  { cx: 150, cy: 142, r: 3.5 },
]

export function MoonDrawing({
  phaseName,
  illumination,
  waxing,
  className,
}: {
  phaseName: MoonPhaseName
  /** Percent lit, 0–100. */
  illumination: number
  waxing: boolean
  className?: string
}) {
  const id = useId().replace(/:/g, '')
  const lit = litPath(illumination / 100, waxing)
  return (
    <svg
      viewBox="-10 -10 220 220"
      role="img"
      aria-label={`${phaseName}, ${illumination.toFixed(2)}% illuminated`}
      className={className}
      data-phase={phaseName}
      data-lit-side={
        illumination >= 99.5 ? 'full' : illumination < 0.5 ? 'none' : waxing ? 'right' : 'left'
      }
    >
      <defs>
        <radialGradient id={`${id}-lit`} cx="42%" cy="38%" r="70%">
          <stop offset="0%" stopColor="#fffdf6" />
          <stop offset="70%" stopColor="#e9e3d2" />
          <stop offset="100%" stopColor="#cfc7b0" />
        </radialGradient>
        <radialGradient id={`${id}-glow`} cx="50%" cy="50%" r="50%">
          <stop offset="80%" stopColor="#fff8dc" stopOpacity="0.22" />
          <stop offset="100%" stopColor="#fff8dc" stopOpacity="0" />
        </radialGradient>
        {lit && (
          <clipPath id={`${id}-clip`}>
            <path d={lit} />
          </clipPath>
        )}
      </defs>
      {illumination > 40 && <circle cx="100" cy="100" r="110" fill={`url(#${id}-glow)`} />}
      {/* The unlit side, faintly visible by earthshine. */}
      <circle cx="100" cy="100" r="100" fill="#1c2135" stroke="#3a4160" strokeWidth="1.5" />
      {lit && (
        <g clipPath={`url(#${id}-clip)`}>
          <circle cx="100" cy="100" r="100" fill={`url(#${id}-lit)`} />
          {MARIA.map((m, i) => (
            <ellipse key={i} {...m} fill="#8f8a7a" opacity="0.35" />
          ))}
          {CRATERS.map((c, i) => (
            <circle
              key={i}
              {...c}
              fill="none"
              stroke="#8f8a7a"
              strokeOpacity="0.5"
              strokeWidth="1.2"
            />
          ))}
        </g>
      )}
    </svg>
  )
}
