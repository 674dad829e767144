import type { ReactNode } from 'react'
import { Card } from '../components/ui/card.tsx'
import { pageMeta } from '../lib/meta.ts'
import { usePublicConfig } from '../lib/public-config.ts'
import type { Route } from './+types/about'
import { SiteLink } from '../components/ui/site-link.tsx'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'About',
    description:
      'Our journey, our mission and what we offer: in-depth astronomy articles, stunning visuals, the latest space news and a friendly stargazing community.',
    path: '/about',
  })

interface Offering {
  title: string
  icon: ReactNode
  text: string
  link: { label: string; to: `/${string}` } | { label: string; href: string }
}

export default function About() {
  const { siteName, discordInviteUrl } = usePublicConfig()

  const offerings: Offering[] = [
    {
      title: 'In-Depth Articles',
      icon: <BookIcon />,
      text: 'The Cosmic Log explains the night sky step by step: observing guides, equipment advice, astrophotography techniques and the science behind the headlines, written so that a beginner can follow and an experienced observer still learns something.',
      link: { label: 'Read the Cosmic Log', to: '/blog' },
    },
    {
      title: 'Stunning Visuals',
      icon: <CameraIcon />,
      text: 'Astrophotos from our community, the astronomy picture of the day and our videos on YouTube bring planets, nebulae and galaxies to your screen, along with how each image was made.',
      link: { label: 'Browse the galleries', to: '/photos' },
    },
    {
      title: 'Latest News',
      icon: <NewsIcon />,
      text: 'Launches, discoveries and mission updates gathered from trusted sources, plus live sky data: tonight’s moon phase and the planetary K-index that tells you when to watch for aurora.',
      link: { label: 'See the latest news', to: '/astronomy-news' },
    },
    {
      title: 'Community Hub',
      icon: <CommunityIcon />,
      text: 'Our Discord server is where stargazers of every level share their observations and photos, ask questions about gear and plan observing sessions together. Everyone is welcome.',
      link: discordInviteUrl
        ? { label: 'Join us on Discord', href: discordInviteUrl }
        : { label: 'Get in touch', to: '/contact' },
    },
  ]

  return (
    <>
      <header className="border-b border-border">
        <div className="mx-auto max-w-5xl px-4 py-14 md:py-20">
          <p className="text-sm font-medium tracking-widest text-accent uppercase">About us</p>
          <h1 className="mt-3 font-display text-4xl font-bold tracking-tight text-balance md:text-5xl">
            About {siteName}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
            A home for everyone who has ever looked up and wondered. We share the wonders of the
            universe in plain language, with accurate science and a community to enjoy it with.
          </p>
        </div>
      </header>

      <div className="mx-auto max-w-5xl px-4 py-12 md:py-16">
        <div className="grid gap-12 md:grid-cols-2 md:gap-16">
          <section aria-labelledby="our-journey" className="prose-content">
            <h2 id="our-journey" className="text-3xl tracking-tight">
              Our Journey
            </h2>
            <p>
              {siteName} began the way most love affairs with astronomy do: with a small telescope,
              a dark corner of a backyard and the first sight of Saturn’s rings floating in the
              eyepiece. That moment was too good to keep to ourselves, so we started sharing what we
              saw and what we learned along the way.
            </p>
            <p>
              Those first notes grew into videos on YouTube, then into the Cosmic Log, our blog.
              Questions from viewers turned into guides, guides turned into live observing sessions,
              and the people who gathered around them became a community. Today the site brings all
              of it together: articles, photos, videos, space news, live sky data and a radio stream
              to keep you company under the stars.
            </p>
          </section>

          <section aria-labelledby="our-mission" className="prose-content">
            <h2 id="our-mission" className="text-3xl tracking-tight">
              Our Mission
            </h2>
            <p>
              We want to make astronomy accessible to everyone, whatever their age, budget or
              background. The sky belongs to all of us, and you do not need expensive equipment or a
              science degree to enjoy it.
            </p>
            <ul>
              <li>
                <strong>Explain clearly.</strong> We turn complex science into stories you can
                follow, without dumbing it down.
              </li>
              <li>
                <strong>Get it right.</strong> We check our facts against mission data and published
                research, and correct ourselves when we are wrong.
              </li>
              <li>
                <strong>Get people outside.</strong> Reading about the universe is wonderful; seeing
                it with your own eyes is better.
              </li>
            </ul>
          </section>
        </div>

        <section aria-labelledby="what-we-offer" className="mt-16 md:mt-20">
          <h2 id="what-we-offer" className="font-display text-3xl font-bold tracking-tight">
            What We Offer
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Four ways to explore the cosmos with us, whether you have five minutes or a whole clear
            night.
          </p>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2">
            {offerings.map((o) => (
              <li key={o.title}>
                <Card className="flex h-full flex-col">
                  <div className="flex h-12 w-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
                    {o.icon}
                  </div>
                  <h3 className="mt-4 font-display text-xl font-semibold">{o.title}</h3>
                  <p className="mt-2 flex-1 leading-relaxed text-muted-foreground">{o.text}</p>
                  <p className="mt-4">
                    {'to' in o.link ? (
                      <SiteLink to={o.link.to} className="font-medium text-primary hover:underline">
                        {o.link.label} <span aria-hidden="true">→</span>
                      </SiteLink>
                    ) : (
                      <a
                        href={o.link.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="font-medium text-primary hover:underline"
                      >
                        {o.link.label} <span aria-hidden="true">↗</span>
                      </a>
                    )}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="get-in-touch"
          className="mt-16 rounded-2xl border border-border bg-linear-to-br from-primary/15 via-card to-accent/10 px-6 py-10 text-center md:mt-20 md:px-12"
        >
          <h2 id="get-in-touch" className="font-display text-3xl font-bold tracking-tight">
            Get In Touch
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
            Have a question about the night sky, a topic you would like us to cover, or an idea for
            a collaboration? We read every message and would love to hear from you.
          </p>
          <SiteLink
            to="/contact"
            className="mt-6 inline-flex h-12 items-center justify-center rounded-lg bg-primary px-6 font-medium text-primary-foreground transition hover:bg-primary-hover"
          >
            Contact us
          </SiteLink>
        </section>
      </div>
    </>
  )
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="h-6 w-6"
    >
      {children}
    </svg>
  )
}

function BookIcon() {
  return (
    <Icon>
      <path d="M12 7v14" />
      <path d="M3 18a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h5a4 4 0 0 1 4 4 4 4 0 0 1 4-4h5a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1h-6a3 3 0 0 0-3 3 3 3 0 0 0-3-3z" />
    </Icon>
  )
}

function CameraIcon() {
  return (
    <Icon>
      <path d="M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3z" />
      <circle cx="12" cy="13" r="3.5" />
    </Icon>
  )
}

function NewsIcon() {
  return (
    <Icon>
      <path d="M15 18h-5" />
      <path d="M18 14h-8" />
      <path d="M4 22h16a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2H8a2 2 0 0 0-2 2v16a2 2 0 0 1-4 0v-9a2 2 0 0 1 2-2h2" />
      <rect x="10" y="6" width="8" height="4" rx="1" />
    </Icon>
  )
}

function CommunityIcon() {
  return (
    <Icon>
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
      <circle cx="9" cy="7" r="4" />
      <path d="M22 21v-2a4 4 0 0 0-3-3.87" />
      <path d="M16 3.13a4 4 0 0 1 0 7.75" />
    </Icon>
  )
}
