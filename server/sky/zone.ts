const partFormatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    partFormatters.set(timeZone, formatter)
  }
  return formatter
}

/** The zone's offset from UTC at `ms`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(timeZone: string, ms: number): number {
  const parts: Record<string, number> = {}
  for (const p of partsFormatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value)
  }
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  )
  return asUtc - Math.floor(ms / 1000) * 1000
}

/** The instant at which the zone's clock shows `hour`:00 on the calendar day `date` (YYYY-MM-DD). */
export function zonedInstant(date: string, hour: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(y, m - 1, d, hour)
  // Twice: the first guess may sit on the other side of a clock change.
  let at = wall - zoneOffsetMs(timeZone, wall)
  at = wall - zoneOffsetMs(timeZone, at)
  return new Date(at)
}

/** The zone's calendar day (YYYY-MM-DD) at `at`. */
export function zonedDay(at: Date, timeZone: string): string {
  return new Date(at.getTime() + zoneOffsetMs(timeZone, at.getTime())).toISOString().slice(0, 10)
}

/** "22:10" on the zone's 24-hour clock. */
export function zonedClock(at: Date, timeZone: string): string {
  return new Date(at.getTime() + zoneOffsetMs(timeZone, at.getTime())).toISOString().slice(11, 16)
}

/** The day after a calendar day. */
export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
}
