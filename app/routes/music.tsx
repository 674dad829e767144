import { isNotConfigured, type NotConfigured } from '../../contracts/features.ts'
import {
  HISTORY_SHOWN,
  RADIO_MESSAGES,
  type RadioNowPlaying,
  type RadioStation,
} from '../../contracts/radio.ts'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { Artwork } from '../components/radio/artwork.tsx'
import { trackTexts } from '../components/radio/player-state.ts'
import { RadioControls } from '../components/radio/radio-controls.tsx'
import { useNowPlaying, useStation } from '../components/radio/radio-queries.ts'
import { Card } from '../components/ui/card.tsx'
import { StateMessage } from '../components/ui/state-message.tsx'
import { appContext } from '../lib/app-context.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/music'

/**
 * Server-rendered with the current data; the page then keeps it fresh like the mini player. A
 * site without a station says so, as a page of its own (200): nothing is fetched for it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { radio } = context.get(appContext).services
  if (!radio.configured) return { configured: false as const, nowPlaying: null, station: null }
  const [nowPlaying, station] = await Promise.allSettled([radio.nowPlaying(), radio.station()])
  const value = <T,>(result: PromiseSettledResult<T | NotConfigured>): T | null =>
    result.status === 'fulfilled' && !isNotConfigured(result.value) ? result.value : null
  return { configured: true as const, nowPlaying: value(nowPlaying), station: value(station) }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Live Cosmic Radio',
    description:
      'Live Cosmic Radio: what is playing now, station stats and recently played tracks.',
    path: '/music',
  })

function LiveBadge({ live }: { live: RadioNowPlaying['live'] }) {
  if (!live.isLive) return null
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-error px-2.5 py-0.5 text-xs font-bold text-white">
      <span className="h-1.5 w-1.5 rounded-full bg-white" aria-hidden="true" />
      LIVE{live.streamerName ? ` · ${live.streamerName}` : ''}
    </span>
  )
}

export default function Music({ loaderData }: Route.ComponentProps) {
  if (!loaderData.configured) {
    return (
      <PageContainer className="max-w-4xl">
        <PageHeading title="Live Cosmic Radio" />
        <StateMessage title={RADIO_MESSAGES.notSetUp}>{RADIO_MESSAGES.notSetUpDetail}</StateMessage>
      </PageContainer>
    )
  }
  return <LiveRadio nowPlaying={loaderData.nowPlaying} station={loaderData.station} />
}

function LiveRadio(loaderData: {
  nowPlaying: RadioNowPlaying | null
  station: RadioStation | null
}) {
  const query = useNowPlaying()
  const station = useStation()
  const data: RadioNowPlaying | null = query.data ?? loaderData.nowPlaying
  const failed = !data && (query.isError || !loaderData.nowPlaying)
  const stationName = station.data?.name ?? loaderData.station?.name ?? data?.station.name
  const { title, artist } = trackTexts(data?.nowPlaying.song)
  const history = data?.songHistory.slice(1, 1 + HISTORY_SHOWN) ?? []

  return (
    <PageContainer className="max-w-4xl">
      <PageHeading
        title="Live Cosmic Radio"
        subtitle={station.data?.description ?? loaderData.station?.description}
      />
      <Card className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <Artwork
          src={data?.nowPlaying.song.art}
          size={160}
          className="h-40 w-40 shrink-0 rounded-xl object-cover"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <p className="text-sm text-muted-foreground">{stationName ?? 'Now playing'}</p>
          {data && <LiveBadge live={data.live} />}
          <h2 className="font-display text-2xl font-semibold" data-testid="music-title">
            {failed ? RADIO_MESSAGES.unavailable : title}
          </h2>
          <p className="text-muted-foreground">{failed ? RADIO_MESSAGES.trackError : artist}</p>
          {data?.nowPlaying.song.album && (
            <p className="text-sm text-muted-foreground">{data.nowPlaying.song.album}</p>
          )}
          <div className="pt-2">
            <RadioControls />
          </div>
        </div>
      </Card>

      <div className="mt-8 grid gap-6 md:grid-cols-3">
        <Card className="md:col-span-1">
          <h2 className="font-display text-lg font-semibold">Station Stats</h2>
          {data ? (
            <dl className="mt-4">
              <dt className="text-sm text-muted-foreground">Current Listeners</dt>
              <dd className="font-display text-4xl font-bold" data-testid="listeners">
                {data.listeners.current}
              </dd>
            </dl>
          ) : (
            <p className="mt-4 text-sm text-error">{RADIO_MESSAGES.statsFailed}</p>
          )}
        </Card>
        <Card className="md:col-span-2">
          <h2 className="font-display text-lg font-semibold">Recently Played</h2>
          {!data ? (
            <p className="mt-4 text-sm text-error">{RADIO_MESSAGES.historyFailed}</p>
          ) : history.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">{RADIO_MESSAGES.historyEmpty}</p>
          ) : (
            <ol className="mt-4 space-y-3" data-testid="history">
              {history.map((entry) => {
                const t = trackTexts(entry.song)
                return (
                  <li key={entry.shId} className="flex items-center gap-3">
                    <Artwork
                      src={entry.song.art}
                      size={40}
                      lazy
                      className="h-10 w-10 shrink-0 rounded-md object-cover"
                    />
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium">{t.title}</p>
                      <p className="truncate text-xs text-muted-foreground">{t.artist}</p>
                    </div>
                  </li>
                )
              })}
            </ol>
          )}
        </Card>
      </div>
    </PageContainer>
  )
}
