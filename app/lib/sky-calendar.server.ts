import { SkyEventsQuery } from '../../contracts/sky-events-input.ts'
import { SKY_CALENDAR_DEFAULT_PLACE, type SkyPlace } from '../../contracts/sky-events.ts'

/**
 * The calendar's query from the address: `kinds` as a comma list or repeated (the filter form's
 * checkboxes), `lat`/`lon` for eclipse visibility. The range is always the coming 12 months.
 */
export function calendarQuery(url: URL) {
  const kinds = url.searchParams.getAll('kinds').join(',')
  const lat = url.searchParams.get('lat')?.trim()
  const lon = url.searchParams.get('lon')?.trim()
  return SkyEventsQuery.safeParse({
    ...(kinds ? { kinds } : {}),
    ...(lat ? { lat } : {}),
    ...(lon ? { lon } : {}),
  })
}

/**
 * Whose sky the eclipses are seen from: the address's place, else a member's saved home place
 * (`saved`, from the profile), else the site's default place.
 */
export function calendarPlace(
  query: { lat?: number | undefined; lon?: number | undefined },
  saved: SkyPlace | null,
): { place: SkyPlace; chosen: boolean } {
  if (query.lat !== undefined && query.lon !== undefined) {
    return { place: { lat: query.lat, lon: query.lon }, chosen: true }
  }
  return { place: saved ?? SKY_CALENDAR_DEFAULT_PLACE, chosen: false }
}
