import { Link } from 'react-router'
import { Card } from '../components/ui/card.tsx'
import { appContext } from '../lib/app-context.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/home'

export function loader({ context }: Route.LoaderArgs) {
  const { publicConfig } = context.get(appContext)
  return { siteName: publicConfig.siteName }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Home',
    description:
      'Astronomy and space for everyone: the Cosmic Log blog, moon phase, solar weather, news, galleries and live radio.',
    path: '/',
  })

const SECTIONS = [
  {
    to: '/blog',
    title: 'The Cosmic Log',
    text: 'Observing guides, astrophotography tips and space news, explained.',
  },
  {
    to: '/moon-phase',
    title: 'Moon Phase',
    text: "Tonight's phase, illumination and the next full moon.",
  },
  {
    to: '/kp-index',
    title: 'Solar Weather',
    text: 'The Kp index, the 3-day forecast and your aurora chances.',
  },
  {
    to: '/astronomy-news',
    title: 'Astronomy News',
    text: 'The latest from NASA, Sky & Telescope, Space.com and more.',
  },
  {
    to: '/photos',
    title: 'Photo Galleries',
    text: 'Community astrophotos and the astronomy picture of the day.',
  },
  {
    to: '/telescope-guide',
    title: 'Telescope Guide',
    text: 'How to choose a first telescope without wasting money.',
  },
] as const

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative overflow-hidden border-b border-border">
        <div className="mx-auto max-w-7xl px-4 py-20 md:py-28">
          <p className="text-sm font-medium tracking-widest text-accent uppercase">
            Astronomy &amp; space
          </p>
          <h1 className="mt-3 max-w-3xl font-display text-4xl font-bold tracking-tight md:text-6xl">
            Look up. There is a whole universe tonight.
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
            {loaderData.siteName} is a home for stargazers: practical observing guides, live sky
            data, a community gallery and a radio stream to keep you company under the stars.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/blog"
              className="rounded-lg bg-primary px-5 py-3 font-medium text-primary-foreground hover:opacity-90"
            >
              Read the Cosmic Log
            </Link>
            <Link
              to="/moon-phase"
              className="rounded-lg border border-border px-5 py-3 font-medium hover:bg-muted"
            >
              Tonight&apos;s Moon
            </Link>
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-14">
        <h2 className="font-display text-2xl font-bold">Explore</h2>
        <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {SECTIONS.map((s) => (
            <Link key={s.to} to={s.to} className="group">
              <Card className="h-full transition group-hover:border-primary">
                <h3 className="font-display text-lg font-semibold group-hover:text-primary">
                  {s.title}
                </h3>
                <p className="mt-2 text-sm text-muted-foreground">{s.text}</p>
              </Card>
            </Link>
          ))}
        </div>
      </section>
    </>
  )
}
