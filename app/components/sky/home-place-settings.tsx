import { useState } from 'react'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import type { Place } from '../../../contracts/sky-tonight.ts'
import { callApi } from '../../lib/api.ts'
import { invalidate, useApi } from '../../lib/store.ts'
import { setData } from '../../lib/store-core.ts'
import { Card } from '../ui/card.tsx'
import { SiteLink } from '../ui/site-link.tsx'
import { PlaceSearch, placeLabel } from './place-search.tsx'

/** /profile's "Home place": the place /tonight shows the member when the address names none. */
export function HomePlaceSettings() {
  const home = useApi(API_PATHS.getHomePlace, {})
  const [status, setStatus] = useState('')
  const save = (place: Place) =>
    callApi(API_PATHS.saveHomePlace, {
      name: placeLabel(place),
      lat: place.lat,
      lon: place.lon,
    }).then(
      (answer) => {
        setData(API_PATHS.getHomePlace, {}, answer)
        // The aurora alerts start from the home place until they have one of their own.
        void invalidate(API_PATHS.getAuroraAlerts)
        setStatus(`${placeLabel(place)} is now your home place.`)
      },
      (e: Error) => setStatus(e.message),
    )
  const current = home.data?.place
  return (
    <Card className="mt-8 space-y-4" aria-labelledby="home-place-heading">
      <h2 id="home-place-heading" className="font-display text-xl font-semibold">
        Home place
      </h2>
      <p className="text-sm text-muted-foreground" data-testid="home-place">
        {home.isPending
          ? 'Loading your home place…'
          : current
            ? `Your home place is ${current.name}. `
            : 'You have no home place yet: /tonight shows the site’s default place. '}
        {current && <SiteLink to="/tonight">See tonight’s sky there</SiteLink>}
      </p>
      <PlaceSearch label="Choose your home place" onSelect={(p) => void save(p)} />
      <p role="status" className="text-sm text-muted-foreground">
        {status}
      </p>
    </Card>
  )
}
