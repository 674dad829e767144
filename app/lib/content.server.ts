import type { RouterContextProvider } from 'react-router'
import {
  type BlogPost,
  RELATED_FETCH_COUNT,
  RELATED_SHOWN_COUNT,
} from '../../contracts/blog-constants.ts'
import type { ContentPage } from '../../contracts/pages.ts'
import { appContext } from './app-context.ts'
import { toCard } from './excerpt.ts'

/**
 * The newest posts' cards. `listPublished` gives the same post objects until posts change
 * (server/services/latest-posts.ts), so each card is worked out once, not on every rendered post
 * page; a post that is no longer listed takes its card with it.
 */
const cards = new WeakMap<BlogPost, BlogPost>()

function cardOf(post: BlogPost): BlogPost {
  let card = cards.get(post)
  if (!card) {
    card = toCard(post)
    cards.set(post, card)
  }
  return card
}

/** A post and up to 3 other published posts (4 fetched, the current one left out); null if not visible. */
export async function loadPost(
  context: Readonly<RouterContextProvider>,
  slug: string,
): Promise<{ post: BlogPost; related: BlogPost[] } | null> {
  const { services, user } = context.get(appContext)
  const post = await services.blog.find({ slug }, user)
  if (!post) return null
  const recent = await services.blog.listPublished(RELATED_FETCH_COUNT)
  const related = recent
    .filter((p) => p.id !== post.id)
    .slice(0, RELATED_SHOWN_COUNT)
    .map(cardOf)
  return { post, related }
}

export async function loadPage(
  context: Readonly<RouterContextProvider>,
  slug: string,
): Promise<ContentPage | null> {
  const { services, user } = context.get(appContext)
  return services.pages.find({ slug }, user)
}
