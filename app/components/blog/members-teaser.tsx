import { useState } from 'react'
import { type BlogPost, MEMBER_POST_TEXT } from '../../../contracts/blog-constants.ts'
import { formatLongDate } from '../../lib/format.ts'
import MembersSignIn from './members-sign-in.tsx'

/**
 * What a visitor reads in place of a protected post's body: its excerpt, then who may read it and
 * the sign-in; signed in on this page, the post's body in their place. Loaded only on such a
 * post's page (the server renders it too).
 */
export default function MembersTeaser({
  post,
}: {
  post: Pick<BlogPost, 'slug' | 'excerpt' | 'visibility' | 'publicAt'>
}) {
  const [opened, setOpened] = useState<BlogPost>()
  if (opened) {
    return (
      <div
        className="prose-content mt-8"
        id="post-body"
        dangerouslySetInnerHTML={{ __html: opened.content }}
      />
    )
  }
  return (
    <>
      {post.excerpt && <p className="mt-8 text-lg text-muted-foreground">{post.excerpt}</p>}
      <section
        aria-labelledby="members-only"
        className="mt-8 rounded-2xl border border-primary bg-card p-6 text-center shadow-sm"
      >
        <span aria-hidden="true" data-icon="lock" className="icon mx-auto size-10 text-primary" />
        <h2 id="members-only" className="mt-3 font-display text-2xl font-bold">
          {MEMBER_POST_TEXT.forMembers}
        </h2>
        <p className="mt-2 text-muted-foreground">
          {post.visibility === 'early-access' && post.publicAt
            ? MEMBER_POST_TEXT.earlyAccess(formatLongDate(post.publicAt))
            : 'Sign in with Discord to read the whole post.'}
        </p>
        <MembersSignIn slug={post.slug} onPost={setOpened} />
      </section>
    </>
  )
}
