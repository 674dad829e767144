import { SKY_MESSAGES } from '../../contracts/sky.ts'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { MoonEducation, MoonPhaseState } from '../components/sky/moon-phase-view.tsx'
import { appContext } from '../lib/app-context.ts'
import { pageMeta } from '../lib/meta.ts'
import { loadSkyData } from '../lib/sky.server.ts'
import { skyView, useMoonPhase } from '../lib/sky.ts'
import type { Route } from './+types/moon-phase'

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  return loadSkyData(() => services.sky.getMoonPhase(), SKY_MESSAGES.moonFailed)
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Moon Phase',
    description:
      "Tonight's moon phase, illumination, age, distance and the next new and full moons.",
    path: '/moon-phase',
  })

export default function MoonPhasePage({ loaderData }: Route.ComponentProps) {
  const query = useMoonPhase(loaderData)
  return (
    <PageContainer>
      <PageHeading
        title="Moon Phase"
        subtitle="The Moon right now as seen from Earth: its phase, how much of it is lit, how far away it is and when the next full and new moons come."
      />
      <MoonPhaseState view={skyView(query, loaderData.error)} />
      <MoonEducation />
    </PageContainer>
  )
}
