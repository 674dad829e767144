import type { MetaDescriptor } from 'react-router'

export interface RootData {
  siteName: string
  origin: string
}

interface MatchLike {
  id: string
  loaderData?: unknown
}

export function rootDataFrom(matches: ReadonlyArray<MatchLike | undefined>): RootData {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    { publicConfig?: { siteName: string }; origin?: string } | undefined
  return { siteName: root?.publicConfig?.siteName ?? 'Astro Cosmos', origin: root?.origin ?? '' }
}

/** `<title>` is the page's name followed by the product's name; every page has a description. */
export function pageMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  page: { title: string; description: string; path?: string; noindex?: boolean },
): MetaDescriptor[] {
  const { siteName, origin } = rootDataFrom(matches)
  const title = `${page.title} | ${siteName}`
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:site_name', content: siteName },
  ]
  if (page.path !== undefined && origin) {
    tags.push({ tagName: 'link', rel: 'canonical', href: `${origin}${page.path}` })
    tags.push({ property: 'og:url', content: `${origin}${page.path}` })
  }
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' })
  return tags
}
