import type { ReactNode } from 'react'
import { MEDIA_MESSAGES, WIDGET_MAX_AVATARS } from '../../../contracts/media-constants.ts'
import { formatCount } from '../../lib/format.ts'
import { abbreviateNumber } from '../../lib/media-format.ts'
import { usePublicConfig } from '../../lib/public-config.ts'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'
import { RemoteImage } from '../ui/remote-image.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { useChannelStats, useDiscordWidget } from './media-data.ts'

const STATUS_COLOR: Record<string, string> = {
  online: 'bg-[#23a55a]',
  idle: 'bg-[#f0b232]',
  dnd: 'bg-[#f23f43]',
}

function CardHeading({ children }: { children: ReactNode }) {
  return <h2 className="font-display text-lg font-semibold">{children}</h2>
}

/**
 * Who is online in the Discord server right now (at most 10 avatars) and a way in; without a
 * widget (`widget` false: no server configured) only the invitation, and nothing is fetched.
 */
export function DiscordWidgetCard({ widget }: { widget: boolean }) {
  const { discordInviteUrl } = usePublicConfig()
  if (!widget) {
    return (
      <QuietCard
        title="Our Discord"
        text="Share your astrophotos and plan observing nights with the community."
        action={discordInviteUrl && <JoinButton href={discordInviteUrl} />}
      />
    )
  }
  return <LiveDiscordWidgetCard discordInviteUrl={discordInviteUrl} />
}

/** A card of a feature the site has without its live data: what it is and the way there. */
function QuietCard({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <Card className="flex h-full flex-col gap-4">
      <CardHeading>{title}</CardHeading>
      <p className="text-sm text-muted-foreground">{text}</p>
      {action}
    </Card>
  )
}

function OutLink({
  href,
  variant,
  children,
}: {
  href: string
  variant: 'discord' | 'youtube'
  children: ReactNode
}) {
  return (
    <Button variant={variant} asChild className="mt-auto self-start">
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    </Button>
  )
}

const JoinButton = ({ href }: { href: string }) => (
  <OutLink href={href} variant="discord">
    Join the server
  </OutLink>
)

function LiveDiscordWidgetCard({ discordInviteUrl }: { discordInviteUrl: string | null }) {
  const query = useDiscordWidget()
  const widget = query.data
  const invite = widget?.instant_invite ?? discordInviteUrl
  return (
    <Card className="flex h-full flex-col gap-4">
      <CardHeading>{widget?.name ?? 'Our Discord'}</CardHeading>
      {query.isPending ? (
        <div role="status" aria-label="Loading Discord" className="space-y-3">
          <Skeleton className="h-4 w-28" />
          <div className="flex gap-2">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-9 w-9 rounded-full" />
            ))}
          </div>
        </div>
      ) : query.isError || !widget ? (
        <p role="alert" className="text-error">
          {MEDIA_MESSAGES.widgetFailed}
        </p>
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <span className="h-2.5 w-2.5 rounded-full bg-[#23a55a]" aria-hidden="true" />
            <span>
              <strong className="text-foreground">{formatCount(widget.presence_count)}</strong>{' '}
              online now
            </span>
          </p>
          {widget.members.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Members online">
              {widget.members.slice(0, WIDGET_MAX_AVATARS).map((member) => (
                <li key={member.id} className="relative" title={member.username}>
                  <MemberAvatar name={member.username} src={member.avatar_url} />
                  <span
                    aria-hidden="true"
                    className={`absolute -right-0.5 -bottom-0.5 h-3 w-3 rounded-full border-2 border-card ${STATUS_COLOR[member.status] ?? 'bg-muted-foreground'}`}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {invite && <JoinButton href={invite} />}
    </Card>
  )
}

/**
 * Subscribers, views and videos of the channel, abbreviated (K, M, B, T); without statistics
 * (`stats` false: no API key) only the way to the channel, and nothing is fetched.
 */
export function ChannelStatsCard({
  channelUrl,
  stats,
}: {
  channelUrl: string | null
  stats: boolean
}) {
  if (!stats) {
    return (
      <QuietCard
        title="On YouTube"
        text="Observing sessions, gear reviews and live shows under the night sky."
        action={channelUrl && <SubscribeButton href={channelUrl} />}
      />
    )
  }
  return <LiveChannelStatsCard channelUrl={channelUrl} />
}

const SubscribeButton = ({ href }: { href: string }) => (
  <OutLink href={href} variant="youtube">
    Subscribe on YouTube
  </OutLink>
)

function LiveChannelStatsCard({ channelUrl }: { channelUrl: string | null }) {
  const query = useChannelStats()
  const stats = query.data
  const items = stats
    ? [
        { label: 'Subscribers', value: stats.subscriberCount },
        { label: 'Views', value: stats.viewCount },
        { label: 'Videos', value: stats.videoCount },
      ]
    : []
  return (
    <Card className="flex h-full flex-col gap-4">
      <CardHeading>On YouTube</CardHeading>
      {query.isPending ? (
        <div
          role="status"
          className="grid grid-cols-3 gap-3"
          aria-label="Loading channel statistics"
        >
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : query.isError || !stats ? (
        <p role="alert" className="text-error">
          {MEDIA_MESSAGES.youtubeFailed}
        </p>
      ) : (
        <dl className="grid grid-cols-3 gap-3 text-center">
          {items.map((item) => (
            <div key={item.label} className="rounded-lg bg-muted/60 px-2 py-3">
              <dt className="text-xs text-muted-foreground">{item.label}</dt>
              <dd className="font-display text-2xl font-bold" title={formatCount(item.value)}>
                {abbreviateNumber(item.value, 'T')}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {channelUrl && <SubscribeButton href={channelUrl} />}
    </Card>
  )
}

/** A member's Discord avatar, or their initials when there is none or it does not load. */
function MemberAvatar({ name, src }: { name: string; src: string | null }) {
  return (
    <RemoteImage
      src={src}
      alt={name}
      width={36}
      height={36}
      className="h-9 w-9 rounded-full"
      fallback={
        <span
          role="img"
          aria-label={name}
          className="flex h-9 w-9 items-center justify-center rounded-full bg-muted text-xs font-semibold"
        >
          {name.slice(0, 2).toUpperCase()}
        </span>
      }
    />
  )
}
