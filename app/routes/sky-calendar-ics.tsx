import { SKY_EVENT_KINDS } from '../../contracts/sky-events.ts'
import { appContext } from '../lib/app-context.ts'
import { calendarQuery } from '../lib/sky-calendar.server.ts'
import type { Route } from './+types/sky-calendar-ics'

/** Calendar apps and caches may keep the file for an hour; the events change once a day. */
const CACHE_CONTROL = 'public, max-age=3600'

/** /sky-calendar.ics: the coming 12 months as an iCalendar file (?kinds=…&lat=…&lon=…). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, origin } = context.get(appContext)
  const parsed = calendarQuery(new URL(request.url))
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Bad calendar address'
    return new Response(`${message}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  const body = await services.skyEvents.calendarFile(parsed.data, {
    siteUrl: origin,
    pageUrl: `${origin}/sky-calendar`,
  })
  const kinds = parsed.data.kinds ?? SKY_EVENT_KINDS
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `inline; filename="sky-calendar${kinds.length < SKY_EVENT_KINDS.length ? `-${kinds.join('-')}` : ''}.ics"`,
      'Cache-Control': CACHE_CONTROL,
    },
  })
}
