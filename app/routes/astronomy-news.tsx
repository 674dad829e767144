import { SKY_MESSAGES } from '../../contracts/sky.ts'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { NewsState } from '../components/sky/news-view.tsx'
import { appContext } from '../lib/app-context.ts'
import { pageMeta } from '../lib/meta.ts'
import { loadSkyData } from '../lib/sky.server.ts'
import { skyView, useCombinedNews } from '../lib/sky.ts'
import type { Route } from './+types/astronomy-news'

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  return loadSkyData(() => services.sky.getNews(), SKY_MESSAGES.newsFailed)
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Latest Astronomy News',
    description:
      'The latest astronomy and space news from NASA, Sky & Telescope, Space.com and more.',
    path: '/astronomy-news',
  })

export default function AstronomyNewsPage({ loaderData }: Route.ComponentProps) {
  const query = useCombinedNews(loaderData)
  return (
    <PageContainer>
      <PageHeading
        title="Latest Astronomy News"
        subtitle="Fresh stories from NASA, Sky & Telescope, Space.com and other observatories and magazines, newest first. Each story opens on its source’s site."
      />
      <NewsState view={skyView(query, loaderData.error)} />
    </PageContainer>
  )
}
