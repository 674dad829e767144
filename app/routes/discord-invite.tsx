import {
  DISCORD_INVITE_MESSAGES,
  type DiscordInvite,
  type DiscordMembership,
} from '../../contracts/discord-invite.ts'
import { MembersOnly } from '../components/members-only.tsx'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { Button } from '../components/ui/button.tsx'
import { Card } from '../components/ui/card.tsx'
import { LocalDate } from '../components/ui/local-date.tsx'
import { SiteLink } from '../components/ui/site-link.tsx'
import { appContext } from '../lib/app-context.ts'
import { formatCount } from '../lib/format.ts'
import { forMembers } from '../lib/guard.server.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/discord-invite'

/** The creator's text, the server and the member's own standing in it; members only. */
export function loader({ context }: Route.LoaderArgs) {
  return forMembers(context, (user) =>
    context.get(appContext).services.discordInvite.forMember(user),
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Exclusive Discord',
    description: 'Join the members-only channels of our Discord community.',
    path: '/discord-invite',
    noindex: true,
  })

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <MembersOnly data={loaderData}>{(invite) => <DiscordInvitePage invite={invite} />}</MembersOnly>
  )
}

function DiscordInvitePage({ invite }: { invite: DiscordInvite }) {
  return (
    <PageContainer className="max-w-3xl">
      <PageHeading
        title="Exclusive Discord"
        subtitle="Members-only channels in our Discord community: observing reports, live show chat and more."
      />
      <div className="space-y-6">
        {invite.intro && (
          <Card>
            <h2 className="font-display text-xl font-semibold">{invite.intro.title}</h2>
            <div
              className="prose-content mt-4 text-base"
              dangerouslySetInnerHTML={{ __html: invite.intro.content }}
            />
          </Card>
        )}
        <ServerCard invite={invite} />
      </div>
    </PageContainer>
  )
}

function ServerCard({ invite }: { invite: DiscordInvite }) {
  const { server, membership, inviteUrl } = invite
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="font-display text-xl font-semibold">{server?.name ?? 'Our Discord server'}</h2>
      {server ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <span className="h-2.5 w-2.5 rounded-full bg-[#23a55a]" aria-hidden="true" />
          <span>
            <strong className="text-foreground">{formatCount(server.onlineCount)}</strong> online
            now
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {invite.serverProblem === 'not_configured'
            ? DISCORD_INVITE_MESSAGES.notConfigured
            : DISCORD_INVITE_MESSAGES.unavailable}
        </p>
      )}
      <Standing membership={membership} />
      {membership.state !== 'member' &&
        (inviteUrl ? (
          <Button variant="discord" asChild className="self-start">
            <a href={inviteUrl} target="_blank" rel="noopener noreferrer">
              Join the server
            </a>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{DISCORD_INVITE_MESSAGES.noInvite}</p>
        ))}
    </Card>
  )
}

function Standing({ membership }: { membership: DiscordMembership }) {
  switch (membership.state) {
    case 'member':
      return (
        <p className="font-medium text-success">
          {membership.joinedAt ? (
            <>
              {DISCORD_INVITE_MESSAGES.member}{' '}
              <LocalDate iso={membership.joinedAt} options={{ dateStyle: 'long' }} />.
            </>
          ) : (
            DISCORD_INVITE_MESSAGES.memberNoDate
          )}
        </p>
      )
    case 'not_member':
      return <p className="font-medium">{DISCORD_INVITE_MESSAGES.notMember}</p>
    case 'not_linked':
      return (
        <p className="text-sm text-muted-foreground">
          {DISCORD_INVITE_MESSAGES.notLinked}{' '}
          <SiteLink to="/members/profile" className="font-medium text-primary hover:underline">
            Connect Discord
          </SiteLink>
        </p>
      )
    case 'unknown':
      return <p className="text-sm text-muted-foreground">{DISCORD_INVITE_MESSAGES.unknown}</p>
  }
}
