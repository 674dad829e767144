import { pageMeta } from '../lib/meta.ts'
import { usePublicConfig } from '../lib/public-config.ts'
import type { Route } from './+types/merch'
import { SiteLink } from '../components/ui/site-link.tsx'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Merch',
    description:
      'Apparel, mugs, posters and observing gear for stargazers. Our merch store is coming soon.',
    path: '/merch',
  })

const MERCH_ITEMS = [
  {
    name: 'Orion Constellation T-Shirt',
    image: '/images/merch/constellation-tee.svg',
    description:
      'A soft cotton tee printed with the stars of Orion, red Betelgeuse and blue-white Rigel included.',
  },
  {
    name: 'Moon Phase Mug',
    image: '/images/merch/moon-phase-mug.svg',
    description:
      'A ceramic mug wrapped in the waxing Moon, from new to full, for coffee before a long night out.',
  },
  {
    name: 'Star Map Poster',
    image: '/images/merch/star-map-poster.svg',
    description:
      'A framed planisphere-style chart of the northern sky with constellation lines and coordinate grid.',
  },
  {
    name: 'Saturn Enamel Pin',
    image: '/images/merch/saturn-pin.svg',
    description:
      'A hard enamel pin of the ringed planet with gold plating, made for jackets, bags and lanyards.',
  },
  {
    name: 'Galaxy Hoodie',
    image: '/images/merch/galaxy-hoodie.svg',
    description:
      'A warm heavyweight hoodie with a spiral galaxy on the chest, for cold clear nights at the eyepiece.',
  },
  {
    name: 'Red-Light Astronomy Flashlight',
    image: '/images/merch/red-light-flashlight.svg',
    description:
      'A dimmable red flashlight that lets you read charts without losing your dark-adapted night vision.',
  },
] as const

export default function Merch() {
  const { siteName, discordInviteUrl } = usePublicConfig()
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 md:py-16">
      <header className="max-w-2xl">
        <p className="text-sm font-medium tracking-widest text-accent uppercase">Store</p>
        <h1 className="mt-3 font-display text-4xl font-bold tracking-tight md:text-5xl">
          {siteName} Merch
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Our store is coming soon. Here is a first look at what we are preparing for stargazers and
          space fans.
        </p>
      </header>

      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {MERCH_ITEMS.map((item) => (
          <li key={item.name}>
            <article
              aria-label={item.name}
              className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
            >
              <div className="relative">
                <img
                  src={item.image}
                  alt=""
                  width={400}
                  height={300}
                  loading="lazy"
                  className="aspect-[4/3] w-full object-cover"
                />
                <span className="absolute top-3 right-3 rounded-full border border-white/20 bg-black/55 px-3 py-1 text-xs font-semibold tracking-wide text-white backdrop-blur">
                  Coming Soon
                </span>
              </div>
              <div className="flex flex-1 flex-col p-5">
                <h2 className="font-display text-lg font-semibold">{item.name}</h2>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                  {item.description}
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>

      <p className="mt-12 text-center text-muted-foreground">
        Want to know when the store opens?{' '}
        {discordInviteUrl ? (
          <>
            We will announce it first on{' '}
            <a
              href={discordInviteUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-primary hover:underline"
            >
              our Discord server
            </a>
            .
          </>
        ) : (
          <>
            <SiteLink to="/contact" className="font-medium text-primary hover:underline">
              Let us know
            </SiteLink>{' '}
            what you would like to see.
          </>
        )}
      </p>
    </div>
  )
}
