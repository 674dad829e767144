import {
  type BlogPostCard,
  CARD_TAG_COUNT,
  MEMBER_POST_TEXT,
  type PostVisibility,
} from '../../../contracts/blog-constants.ts'
import { formatShortDate } from '../../lib/format.ts'
import { memoize } from '../../lib/memo.ts'
import { SiteLink } from '../ui/site-link.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { RemoteImage } from '../ui/remote-image.tsx'

export function TagBadge({ tag }: { tag: string }) {
  return (
    <span className="inline-flex items-center rounded-full border border-border bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
      {tag}
    </span>
  )
}

/** A lock and "Members" or "Early access" on a post that only members read whole (for now). */
export function LockBadge({ visibility }: { visibility: PostVisibility }) {
  return visibility === 'public' ? null : (
    <span className="lock-badge">
      {visibility === 'members' ? MEMBER_POST_TEXT.badgeMembers : MEMBER_POST_TEXT.badgeEarlyAccess}
    </span>
  )
}

export function PostCard({ post, headingLevel = 2 }: { post: BlogPostCard; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition hover:border-primary">
      <SiteLink
        to={`/blog/${post.slug}`}
        tabIndex={-1}
        aria-hidden="true"
        className="block aspect-[1200/630] overflow-hidden bg-muted"
      >
        <RemoteImage
          src={post.featuredImageUrl}
          alt=""
          className="h-full w-full transition duration-300 group-hover:scale-[1.03]"
          fallback={<CardPlaceholder seed={post.slug} />}
        />
      </SiteLink>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center gap-2">
          {post.publishedAt && (
            <time
              dateTime={post.publishedAt}
              className="text-xs font-medium tracking-wide text-muted-foreground uppercase"
            >
              {formatShortDate(post.publishedAt)}
            </time>
          )}
          <LockBadge visibility={post.visibility} />
        </div>
        <Heading className="mt-2 font-display text-lg leading-snug font-semibold">
          <SiteLink to={`/blog/${post.slug}`} className="hover:text-primary">
            {post.title}
          </SiteLink>
        </Heading>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{post.excerpt}</p>
        {post.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Tags">
            {post.tags.slice(0, CARD_TAG_COUNT).map((tag) => (
              <li key={tag}>
                <TagBadge tag={tag} />
              </li>
            ))}
          </ul>
        )}
        <SiteLink
          to={`/blog/${post.slug}`}
          className="mt-4 text-sm font-semibold text-primary hover:underline"
          aria-label={`Read More: ${post.title}`}
        >
          Read More<span aria-hidden="true"> →</span>
        </SiteLink>
      </div>
    </article>
  )
}

const STAR_COUNT = 28
const BRIGHTNESS_LEVELS = 5

type Starfield = { paths: string[]; hue: number }

/**
 * Pseudo-random stars, the same for the same slug on the server and in the browser: one path of
 * circles per brightness level, so a card draws 5 elements instead of 28. Remembered for the most recent slugs.
 */
export const starfield = memoize(function drawStarfield(seed: string): Starfield {
  let h = 0
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0
  const parts = Array.from({ length: BRIGHTNESS_LEVELS }, () => [] as string[])
  for (let i = 0; i < STAR_COUNT; i++) {
    h = (h * 1103515245 + 12345) >>> 0
    const x = h % 1200
    const y = (h >>> 11) % 630
    const [r, d] = i % 7 === 0 ? ['2.4', '4.8'] : ['1.2', '2.4']
    // A circle as two half-circle arcs from its leftmost point.
    const left = Math.round((x - Number(r)) * 10) / 10
    parts[i % BRIGHTNESS_LEVELS]!.push(
      `M${left} ${y}a${r} ${r} 0 1 0 ${d} 0a${r} ${r} 0 1 0 -${d} 0`,
    )
  }
  return { paths: parts.map((p) => p.join('')), hue: h % 60 }
}, 256)

/** A quiet starfield for posts without an image, varied by the slug so cards differ. */
function CardPlaceholder({ seed }: { seed: string }) {
  const { paths, hue } = starfield(seed)
  return (
    <svg viewBox="0 0 1200 630" className="h-full w-full" role="presentation" data-artwork>
      <defs>
        <radialGradient id={`ph-${seed}`} cx="30%" cy="20%" r="90%">
          <stop offset="0" stopColor={`hsl(${240 + hue} 60% 30%)`} />
          <stop offset="1" stopColor="#070a17" />
        </radialGradient>
      </defs>
      <rect width="1200" height="630" fill={`url(#ph-${seed})`} />
      {paths.map((d, level) => (
        <path key={level} d={d} fill="#fff" opacity={0.35 + level * 0.12} />
      ))}
    </svg>
  )
}

export function PostCardSkeleton() {
  return (
    <div
      className="overflow-hidden rounded-2xl border border-border bg-card"
      data-testid="post-card-skeleton"
    >
      <Skeleton className="aspect-[1200/630] rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  )
}
