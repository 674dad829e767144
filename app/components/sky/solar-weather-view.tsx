import type { ReactNode } from 'react'
import { KP_SCALE_TABLE, type SolarWeatherResponse } from '../../../contracts/sky.ts'
import type { SkyView } from '../../lib/sky.ts'
import { Card } from '../ui/card.tsx'
import { TermList } from '../ui/term-list.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { StateMessage } from '../ui/state-message.tsx'
import { FreshnessNote } from './freshness-note.tsx'
import { KpForecastDays, KpForecastSkeleton } from './kp-forecast.tsx'
import { KpGauge } from './kp-gauge.tsx'

export const SOLAR_TEXT = {
  errorTitle: 'Error Fetching Data',
  errorText: 'Could not load the latest solar weather. Please try again later.',
  forecastErrorTitle: 'Forecast Error',
  forecastUnavailableTitle: 'Forecast Unavailable',
  forecastUnavailableText:
    '3-day forecast data is not currently available. Please check back later.',
  loadingStatus: 'Loading current Kp index',
  source: 'NOAA SWPC',
} as const

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col" aria-labelledby={id} role="region">
      <h2 id={id} className="mb-4 font-display text-xl font-semibold">
        {title}
      </h2>
      <div className="flex flex-1 flex-col">{children}</div>
    </Card>
  )
}

export function CurrentStatus({ view }: { view: SkyView<SolarWeatherResponse> }) {
  let body: ReactNode
  if (view.status === 'ready') {
    const data = view.data
    body = (
      <>
        <KpGauge kp={data.kpIndex} level={data.level} status={data.status} />
        <p className="mt-4 text-center text-sm text-muted-foreground">
          For the 3-hour block starting{' '}
          <LocalDate
            iso={data.updatedAt}
            options={{
              month: 'short',
              day: 'numeric',
              hour: 'numeric',
              minute: '2-digit',
              timeZoneName: 'short',
            }}
          />
        </p>
      </>
    )
  } else if (view.status === 'error') {
    body = (
      <StateMessage title={SOLAR_TEXT.errorTitle} tone="error">
        <p>{SOLAR_TEXT.errorText}</p>
      </StateMessage>
    )
  } else {
    body = (
      <div
        role="status"
        aria-label={SOLAR_TEXT.loadingStatus}
        className="flex flex-col items-center gap-4"
      >
        <span className="sr-only">{SOLAR_TEXT.loadingStatus}</span>
        <Skeleton className="h-36 w-72 rounded-t-full" />
        <Skeleton className="h-10 w-28" />
        <Skeleton className="h-5 w-40" />
      </div>
    )
  }
  return (
    <Panel title="Current Status" id="kp-current">
      {body}
    </Panel>
  )
}

export function ForecastPanel({ view }: { view: SkyView<SolarWeatherResponse> }) {
  let body: ReactNode
  if (view.status === 'loading') body = <KpForecastSkeleton />
  else if (view.status === 'error')
    body = (
      <StateMessage title={SOLAR_TEXT.forecastErrorTitle} tone="error">
        <p>{view.message}</p>
      </StateMessage>
    )
  else if (!view.data.forecastAvailable || view.data.forecast.length === 0)
    body = (
      <StateMessage title={SOLAR_TEXT.forecastUnavailableTitle}>
        <p>{SOLAR_TEXT.forecastUnavailableText}</p>
      </StateMessage>
    )
  else body = <KpForecastDays forecast={view.data.forecast} />
  return (
    <Panel title="3-Day Forecast" id="kp-forecast">
      {body}
    </Panel>
  )
}

export function SolarWeatherState({ view }: { view: SkyView<SolarWeatherResponse> }) {
  const note = view.status === 'ready' && (
    <FreshnessNote
      freshness={view.data}
      source={SOLAR_TEXT.source}
      credit={`Source: ${SOLAR_TEXT.source}`}
    />
  )
  // Older data is announced before it is shown; the usual "last updated" line follows the data.
  const stale = view.status === 'ready' && view.data.stale
  return (
    <div className="space-y-4">
      {stale && note}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <CurrentStatus view={view} />
        <ForecastPanel view={view} />
      </div>
      {!stale && note}
    </div>
  )
}

const AURORA_BANDS = [
  [
    'Kp 0–2',
    'Quiet. Auroras stay close to the poles: northern Alaska, northern Canada, Iceland and the north of Scandinavia.',
  ],
  [
    'Kp 3–4',
    'Unsettled to active. Overhead across Iceland, northern Scandinavia, Alaska and northern Canada; low on the northern horizon from Scotland and southern Scandinavia.',
  ],
  [
    'Kp 5–6',
    'Minor to moderate storm (G1–G2). Scotland, southern Scandinavia, the Baltic states, southern Canada and the northern US states.',
  ],
  [
    'Kp 7–8',
    'Strong to severe storm (G3–G4). England, Ireland, Germany, Poland and much of the northern half of the United States.',
  ],
  [
    'Kp 9',
    'Extreme storm (G5). Mid-latitudes: in the greatest storms auroras have been seen from southern Europe and the southern US.',
  ],
] as const

const IMPACTS = [
  [
    'Aurora',
    'The visible and welcome effect: the higher the Kp, the farther from the poles the lights reach.',
  ],
  [
    'Power grids',
    'Strong storms induce currents in long power lines; from G2 upward operators watch for voltage problems.',
  ],
  [
    'Satellites',
    'A heated upper atmosphere increases drag on low orbits, and charging can upset spacecraft electronics.',
  ],
  [
    'Radio and GPS',
    'High-frequency radio fades at high latitudes and satellite navigation can lose accuracy during storms.',
  ],
] as const

export function KpExplainers() {
  return (
    <div className="mt-12 grid gap-6 md:grid-cols-2">
      <Card>
        <h2 className="font-display text-xl font-semibold">What is the Kp index?</h2>
        <div className="mt-3 space-y-3 text-sm leading-relaxed text-muted-foreground">
          <p>
            The planetary K-index measures how disturbed Earth’s magnetic field is, on a scale from
            0 (calm) to 9 (an extreme storm). It is derived from magnetometers around the world and
            given for each 3-hour block of the day, so it is updated every three hours.
          </p>
          <p>
            Disturbances come from the Sun: fast solar wind streams and coronal mass ejections that
            reach Earth a day or more after they leave the Sun. That is why a forecast is possible.
          </p>
        </div>
      </Card>
      <Card>
        <h2 className="font-display text-xl font-semibold">Aurora visibility by Kp</h2>
        <TermList terms={AURORA_BANDS} className="mt-3" />
      </Card>
      <Card>
        <h2 className="font-display text-xl font-semibold">Kp and the NOAA G-scale</h2>
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">
            Kp values, NOAA geomagnetic storm scale and description
          </caption>
          <thead className="text-muted-foreground">
            <tr className="border-b border-border">
              <th scope="col" className="py-2 font-medium">
                Kp
              </th>
              <th scope="col" className="py-2 font-medium">
                G-scale
              </th>
              <th scope="col" className="py-2 font-medium">
                Description
              </th>
            </tr>
          </thead>
          <tbody>
            {KP_SCALE_TABLE.map((row) => (
              <tr key={row.kp} className="border-b border-border/60 last:border-0">
                <td className="py-1.5 tabular-nums">{row.kp}</td>
                <td className="py-1.5">{row.g}</td>
                <td className="py-1.5">{row.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card>
        <h2 className="font-display text-xl font-semibold">Impacts</h2>
        <TermList terms={IMPACTS} className="mt-3" />
      </Card>
      <Card className="md:col-span-2">
        <h2 className="font-display text-xl font-semibold">About the data</h2>
        <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
          The Kp index and its 3-day forecast come from the Space Weather Prediction Center of the
          US National Oceanic and Atmospheric Administration (NOAA SWPC). The current value is
          SWPC’s estimate for the 3-hour block under way; it becomes final once the block is over.
          Forecast values are predictions and can change as new solar observations arrive. We fetch
          them at most every 30 minutes.
        </p>
      </Card>
    </div>
  )
}
