import { useEffect } from 'react'
import { getPost } from '../../../contracts/api-paths.ts'
import type { BlogPost } from '../../../contracts/blog-constants.ts'
import { useAuth } from '../../lib/auth.ts'
import { useApi } from '../../lib/store.ts'
import { DiscordSignInButton } from '../account/discord-sign-in.tsx'
import { useDiscordSignIn } from '../account/use-discord-sign-in.ts'

export const POST_LOAD_FAILED = 'Failed to load the post'

/**
 * 'Continue with Discord' for a visitor of a members' post or list: the popup sign-in, staying on
 * the page. Once there is a session, a post's whole text is read through the store and handed to
 * `onPost`. Loaded only where a visitor meets protected posts, not with the pages' first load.
 */
export default function MembersSignIn({
  slug,
  onPost,
}: {
  slug?: string
  onPost?: (post: BlogPost) => void
}) {
  const { user } = useAuth()
  const { state, start } = useDiscordSignIn({ redirectTo: null })
  const full = useApi(getPost, slug && user ? { slug } : null, {
    fallbackMessage: POST_LOAD_FAILED,
  })
  const post = full.data
  useEffect(() => {
    if (post && !post.locked) onPost?.(post)
  }, [post, onPost])

  const loading = !!user && !!slug && !full.isError
  const problem =
    state.status === 'error' || state.status === 'account-linking-required'
      ? state.message
      : full.error?.message
  return (
    <div className="mt-5">
      {!user && <DiscordSignInButton state={state} start={start} />}
      <div aria-live="polite">
        {(loading || state.status === 'connecting') && (
          <p className="mt-3 text-sm text-muted-foreground">
            {loading ? 'Signed in. Loading the post…' : 'Finish signing in in the Discord window.'}
          </p>
        )}
        {problem && (
          <p
            role="alert"
            className="mt-3 rounded-lg border border-error/40 bg-error/10 px-3 py-2 text-sm text-error"
          >
            {problem}
          </p>
        )}
      </div>
    </div>
  )
}
