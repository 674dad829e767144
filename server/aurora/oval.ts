import { AURORA_THRESHOLD_MAX, AURORA_THRESHOLD_MIN } from '../../contracts/aurora.ts'

/**
 * Where the aurora reaches at a given Kp. The geomagnetic latitude is the centred-dipole one
 * (IGRF-14's north geomagnetic pole for 2025: 80.8° N, 72.8° W); the oval's equatorward edge, as
 * seen overhead, is NOAA's rule of thumb behind its Kp maps: 66.5° geomagnetic at Kp 0, about
 * 2° nearer the equator per Kp step (64.5° at Kp 1 … 48.1° at Kp 9).
 */
const POLE_LAT = (80.8 * Math.PI) / 180
const POLE_LON = (-72.8 * Math.PI) / 180
const rad = (deg: number) => (deg * Math.PI) / 180

/** The place's geomagnetic latitude in degrees (negative in the south). */
export function geomagneticLatitude(lat: number, lon: number): number {
  const phi = rad(lat)
  const s =
    Math.sin(phi) * Math.sin(POLE_LAT) +
    Math.cos(phi) * Math.cos(POLE_LAT) * Math.cos(rad(lon) - POLE_LON)
  return (Math.asin(Math.max(-1, Math.min(1, s))) * 180) / Math.PI
}

/** The oval's equatorward edge, in geomagnetic degrees, at `kp`. */
export function ovalEdge(kp: number): number {
  return 66.5 - 2.045 * kp
}

/**
 * The Kp at which the oval usually reaches the place: the smallest one a member may choose
 * (4–9) whose edge lies at or beyond the place's geomagnetic latitude; 9 where even that edge
 * stays poleward (only the rare great storms reach there).
 */
export function defaultThreshold(lat: number, lon: number): number {
  const mlat = Math.abs(geomagneticLatitude(lat, lon))
  for (let kp = AURORA_THRESHOLD_MIN; kp <= AURORA_THRESHOLD_MAX; kp++) {
    if (ovalEdge(kp) <= mlat) return kp
  }
  return AURORA_THRESHOLD_MAX
}
