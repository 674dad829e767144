import type { Config } from '../config.ts'

/**
 * The site's public origin, for absolute links (feeds, sitemap, canonical URLs), the OAuth
 * redirect URI and the OAuth popup's postMessage target: PUBLIC_URL's origin when it is set,
 * else the origin the request was addressed to (development, tests). Behind a proxy that speaks
 * http to the app, only PUBLIC_URL knows the visitor's https.
 */
export function publicOrigin(config: Pick<Config, 'publicUrl'>, requestUrl: string): string {
  return new URL(config.publicUrl ?? requestUrl).origin
}
