import type { RouterContextProvider } from 'react-router'
import {
  type BlogPostCard,
  type BlogPostView,
  RELATED_FETCH_COUNT,
  RELATED_SHOWN_COUNT,
} from '../../contracts/blog-constants.ts'
import type { ContentPage } from '../../contracts/pages.ts'
import { appContext } from './app-context.ts'
import { loadOrFail } from './loader-errors.server.ts'

/**
 * A post as this viewer may read it (a visitor of a protected post gets it without its body) and
 * the cards of up to 3 other published posts (4 fetched, the current one left out); null if not
 * visible.
 */
export async function loadPost(
  context: Readonly<RouterContextProvider>,
  slug: string,
): Promise<{ post: BlogPostView; related: BlogPostCard[] } | null> {
  const { services, user } = context.get(appContext)
  return loadOrFail(async () => {
    const post = await services.blog.find({ slug }, user)
    if (!post) return null
    const recent = await services.blog.listPublishedCards(RELATED_FETCH_COUNT, user)
    const related = recent.filter((p) => p.id !== post.id).slice(0, RELATED_SHOWN_COUNT)
    return { post, related }
  })
}

export async function loadPage(
  context: Readonly<RouterContextProvider>,
  slug: string,
): Promise<ContentPage | null> {
  const { services, user } = context.get(appContext)
  return loadOrFail(() => services.pages.find({ slug }, user))
}
