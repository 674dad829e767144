import { SKY_MESSAGES } from '../../contracts/sky.ts'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { KpExplainers, SolarWeatherState } from '../components/sky/solar-weather-view.tsx'
import { appContext } from '../lib/app-context.ts'
import { pageMeta } from '../lib/meta.ts'
import { loadSkyData } from '../lib/sky.server.ts'
import { skyView, useSolarWeather } from '../lib/sky.ts'
import type { Route } from './+types/kp-index'

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  return loadSkyData(() => services.sky.getSolarWeather(), SKY_MESSAGES.solarFailed)
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'The Planetary K-index',
    description:
      'Current geomagnetic activity (Kp index), the 3-day forecast and aurora visibility.',
    path: '/kp-index',
  })

export default function KpIndexPage({ loaderData }: Route.ComponentProps) {
  const query = useSolarWeather(loaderData)
  return (
    <PageContainer>
      <PageHeading
        title="The Planetary K-index"
        subtitle="Solar weather right now: how disturbed Earth’s magnetic field is, what the next three days may bring, and where the aurora might be seen."
      />
      <SolarWeatherState view={skyView(query, loaderData.error)} />
      <KpExplainers />
    </PageContainer>
  )
}
