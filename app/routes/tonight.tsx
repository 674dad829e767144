import { useState } from 'react'
import { useNavigate } from 'react-router'
import * as API_PATHS from '../../contracts/api-paths.ts'
import type { Place, TonightResponse } from '../../contracts/sky-tonight.ts'
import { TONIGHT_DATE_RANGE_DAYS } from '../../contracts/sky-tonight-constants.ts'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { PlaceSearch, placeLabel } from '../components/sky/place-search.tsx'
import {
  DarkBar,
  longDate,
  NextEvents,
  NightTimes,
  PlanetsTable,
} from '../components/sky/tonight-view.tsx'
import { Button } from '../components/ui/button.tsx'
import { Input, Label } from '../components/ui/input.tsx'
import { callApi } from '../lib/api.ts'
import { appContext } from '../lib/app-context.ts'
import { useAuth } from '../lib/auth.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/tonight'

const DAY_MS = 86_400_000

/**
 * The place comes from the address (`?lat=&lon=`, shareable), else the member's home place, else
 * the site's default; a bad address is said on the page, with the default's night below it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext)
  const { TonightQuery } = await import('../../contracts/sky-tonight.ts')
  const params = new URL(request.url).searchParams
  const now = services.clock.now().getTime()
  const range = {
    min: new Date(now - TONIGHT_DATE_RANGE_DAYS * DAY_MS).toISOString().slice(0, 10),
    max: new Date(now + TONIGHT_DATE_RANGE_DAYS * DAY_MS).toISOString().slice(0, 10),
  }
  const date = params.get('date') || undefined
  let error: string | null = null
  let night: TonightResponse | null = null
  if (params.has('lat') || params.has('lon')) {
    const parsed = TonightQuery.safeParse({
      lat: params.get('lat') ?? undefined,
      lon: params.get('lon') ?? undefined,
      date,
    })
    if (parsed.success) {
      night = await services.tonight.tonight(parsed.data).catch((e: Error) => {
        error = e.message
        return null
      })
    } else {
      error = parsed.error.issues[0]?.message ?? 'This place cannot be shown.'
    }
  }
  if (!night) {
    const home = user ? (await services.tonight.homePlace(user.id)).place : null
    const place = home ?? services.tonight.defaultPlace()
    const query = { lat: place.lat, lon: place.lon, date: error ? undefined : date }
    night = await services.tonight.tonight(query, place).catch((e: Error) => {
      error = e.message
      return services.tonight.tonight({ lat: place.lat, lon: place.lon }, place)
    })
  }
  return { night, error, range }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Tonight's Sky",
    description:
      'When it gets dark where you are, whether the Moon is in the way and which planets are up tonight.',
    path: '/tonight',
  })

function tonightUrl(lat: number, lon: number, date?: string) {
  const q = new URLSearchParams({ lat: String(lat), lon: String(lon) })
  if (date) q.set('date', date)
  return `/tonight?${q}`
}

function HomePlaceButton({ place }: { place: Place }) {
  const auth = useAuth()
  const [status, setStatus] = useState('')
  if (auth.status !== 'authenticated') return null
  const save = () =>
    callApi(API_PATHS.saveHomePlace, {
      name: placeLabel(place),
      lat: place.lat,
      lon: place.lon,
    }).then(
      () => setStatus(`${placeLabel(place)} is now your home place.`),
      (e: Error) => setStatus(e.message),
    )
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" size="sm" onClick={() => void save()}>
        Save as my home place
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {status}
      </p>
    </div>
  )
}

function PlaceControls({
  night,
  range,
}: {
  night: TonightResponse
  range: { min: string; max: string }
}) {
  const navigate = useNavigate()
  const [locating, setLocating] = useState('')
  const { place } = night
  const go = (lat: number, lon: number) => void navigate(tonightUrl(lat, lon, night.date))
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocating('This browser cannot tell its location.')
      return
    }
    setLocating('Finding your location…')
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating('')
        // Three decimals (about 100 m) are plenty for the sky, and say less about where you live.
        go(Number(pos.coords.latitude.toFixed(3)), Number(pos.coords.longitude.toFixed(3)))
      },
      (err) => setLocating(`Your location could not be read: ${err.message}`),
    )
  }
  return (
    <div className="grid gap-4 md:grid-cols-[1fr_auto] md:items-end">
      <PlaceSearch label="Find a town" onSelect={(p) => go(p.lat, p.lon)} />
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="outline" onClick={locate}>
          Use my location
        </Button>
        {/* A row of its own on a phone from the first paint: the browser may paint the page
            before the Show button has arrived, with the form beside "Use my location", then move
            the form to the next row once the button is in. */}
        <form method="get" action="/tonight" className="flex w-full items-end gap-2 sm:w-auto">
          <input type="hidden" name="lat" value={place.lat} />
          <input type="hidden" name="lon" value={place.lon} />
          <div>
            <Label htmlFor="tonight-date">Night of</Label>
            <Input
              id="tonight-date"
              type="date"
              name="date"
              min={range.min}
              max={range.max}
              defaultValue={night.date}
              key={night.date}
              className="mt-1 w-auto"
              onChange={(e) => {
                if (e.target.value) void navigate(tonightUrl(place.lat, place.lon, e.target.value))
              }}
            />
          </div>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </form>
      </div>
      <p role="status" className="text-sm text-muted-foreground md:col-span-2">
        {locating}
      </p>
    </div>
  )
}

export default function TonightPage({ loaderData }: Route.ComponentProps) {
  const { night, error, range } = loaderData
  const { place } = night
  const share = tonightUrl(place.lat, place.lon, night.date)
  return (
    <PageContainer>
      <PageHeading
        title="Tonight's Sky"
        subtitle="When it gets dark, whether the Moon is in the way, and which planets are up, for any place on Earth."
      />
      <div className="grid gap-6">
        <PlaceControls night={night} range={range} />
        {error && (
          <p role="alert" className="rounded-lg border border-error p-3 text-sm text-error">
            {error}
          </p>
        )}
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="font-display text-2xl font-semibold" data-testid="tonight-place">
              {placeLabel(place)}
            </h2>
            <p className="text-sm text-muted-foreground">
              The night of {longDate(night.date)} · times in {place.timeZone} ·{' '}
              <a href={share} className="text-primary underline underline-offset-2">
                Link to this night
              </a>
            </p>
          </div>
          <HomePlaceButton place={place} />
        </div>
        <DarkBar night={night} />
        <NightTimes night={night} />
        <PlanetsTable night={night} />
        <NextEvents events={night.events} timeZone={place.timeZone} />
      </div>
    </PageContainer>
  )
}
