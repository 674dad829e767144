import { KP_MAX, type KpLevel } from '../../../contracts/sky.ts'
import { cn } from '../../lib/cn.ts'
import { KP_LEVEL_LABELS, formatKp, kpLevelTone } from '../../lib/sky-format.ts'

const TONE_TEXT = { success: 'text-success', primary: 'text-primary', error: 'text-error' } as const

const CX = 120
const CY = 120
const R = 96

/** The point on the half circle for a Kp value: 0 at the far left, 9 at the far right. */
export function gaugePoint(kp: number, radius = R): { x: number; y: number } {
  const t = Math.min(KP_MAX, Math.max(0, kp)) / KP_MAX
  const angle = Math.PI - t * Math.PI
  return { x: CX + radius * Math.cos(angle), y: CY - radius * Math.sin(angle) }
}

const n = (v: number) => Number(v.toFixed(2))

/** The half-circle gauge: 0–9 over 180°, the value drawn in its level's colour. */
export function KpGauge({ kp, level, status }: { kp: number; level: KpLevel; status: string }) {
  const tone = kpLevelTone(level)
  const end = gaugePoint(kp)
  const start = gaugePoint(0)
  const full = gaugePoint(KP_MAX)
  const needle = gaugePoint(kp, R - 26)
  return (
    <figure className="flex flex-col items-center">
      <svg
        viewBox="0 0 240 140"
        className={cn('w-full max-w-sm', TONE_TEXT[tone])}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={KP_MAX}
        aria-valuenow={kp}
        aria-valuetext={`Kp ${formatKp(kp)}, ${status}`}
        aria-label="Current Kp index"
        data-level={level}
        data-tone={tone}
      >
        <path
          d={`M ${n(start.x)} ${n(start.y)} A ${R} ${R} 0 0 1 ${n(full.x)} ${n(full.y)}`}
          fill="none"
          stroke="var(--muted)"
          strokeWidth="18"
          strokeLinecap="round"
        />
        {kp > 0 && (
          <path
            d={`M ${n(start.x)} ${n(start.y)} A ${R} ${R} 0 0 1 ${n(end.x)} ${n(end.y)}`}
            fill="none"
            stroke="currentColor"
            strokeWidth="18"
            strokeLinecap="round"
          />
        )}
        {Array.from({ length: KP_MAX + 1 }, (_, i) => {
          const p = gaugePoint(i, R + 20)
          return (
            <text
              key={i}
              x={n(p.x)}
              y={n(p.y + 4)}
              textAnchor="middle"
              className="fill-muted-foreground"
              fontSize="10"
            >
              {i}
            </text>
          )
        })}
        <line
          x1={CX}
          y1={CY}
          x2={n(needle.x)}
          y2={n(needle.y)}
          stroke="var(--foreground)"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <circle cx={CX} cy={CY} r="6" fill="var(--foreground)" />
      </svg>
      <figcaption className="-mt-2 text-center">
        <span className={cn('block font-display text-5xl font-bold tabular-nums', TONE_TEXT[tone])}>
          {formatKp(kp)}
        </span>
        <span className={cn('mt-1 block text-lg font-semibold', TONE_TEXT[tone])}>{status}</span>
        <span className="block text-sm text-muted-foreground">
          Geomagnetic level: {KP_LEVEL_LABELS[level]}
        </span>
      </figcaption>
    </figure>
  )
}
