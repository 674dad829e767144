import type { BlogListFilter } from '../../../contracts/blog-constants.ts'
import { useAuth } from '../../lib/auth.ts'
import { SiteLink } from '../ui/site-link.tsx'
import MembersSignIn from './members-sign-in.tsx'

export const MEMBER_LISTS = {
  'early-access': {
    title: 'Early access articles',
    text: 'Members read these first; each opens to everyone on its date.',
  },
  members: { title: 'Members-only articles', text: 'These articles are for members only.' },
} as const satisfies Record<BlogListFilter, { title: string; text: string }>

/**
 * Which list /blog shows when filtered, the way back to every post, and for a visitor the sign-in
 * that opens these posts. Loaded only with a filter.
 */
export default function MembersListIntro({ filter }: { filter: BlogListFilter }) {
  const { user } = useAuth()
  const list = MEMBER_LISTS[filter]
  return (
    <section
      aria-labelledby="member-list"
      className="mt-8 rounded-2xl border border-primary bg-card p-5 text-card-foreground"
    >
      <h2
        id="member-list"
        className="flex items-center justify-center gap-2 font-display text-xl font-semibold"
      >
        <span aria-hidden="true" data-icon="lock" className="icon size-5 text-primary" />
        {list.title}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        {list.text}{' '}
        <SiteLink to="/blog" className="font-medium text-primary hover:underline">
          Show all posts
        </SiteLink>
      </p>
      {!user && (
        <>
          <p className="mt-3 text-sm">Sign in with Discord to read them.</p>
          <MembersSignIn />
        </>
      )}
    </section>
  )
}
