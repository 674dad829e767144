import type { ServerBuild } from 'react-router'
import { appContext } from '../../app/lib/app-context.ts'
import * as root from '../../app/root.tsx'
import routes from '../../app/routes.ts'

interface RouteEntry {
  id?: string
  file: string
  path?: string
  index?: boolean
  caseSensitive?: boolean
  children?: RouteEntry[]
}

const ROUTE_MODULES = import.meta.glob('../../app/routes/**/*.tsx')

/** A page route of app/routes.ts: its pattern and its route module's id. */
export interface PageRoute {
  id: string
  pattern: string
}

/**
 * A server build of the real route table and route modules whose documents are not rendered: the
 * status React Router decided on (the loaders' answers, or an error) comes back in a tiny page. The
 * API suite has no browser build; this lets it send page requests through the same loaders and
 * services that serve visitors, on either engine.
 */
export async function loaderOnlyBuild(): Promise<{ build: ServerBuild; pages: PageRoute[] }> {
  const manifest: ServerBuild['routes'] = {
    root: { id: 'root', path: '', module: root as never },
  }
  const pages: PageRoute[] = []
  async function add(entries: readonly RouteEntry[], parentId: string, prefix: string) {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, '')
      const load = ROUTE_MODULES[`../../app/${entry.file}`]
      if (!load)
        throw new Error(`app/routes.ts names ${entry.file}, which is not under app/routes/`)
      const module = (await load()) as never
      manifest[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module,
      }
      const pattern = entry.path === undefined ? prefix : `${prefix}/${entry.path}`
      if (entry.children) await add(entry.children, id, pattern)
      else pages.push({ id, pattern: pattern || '/' })
    }
  }
  await add(routes as readonly RouteEntry[], 'root', '')
  const build: ServerBuild = {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) => {
          headers.set('content-type', 'text/html; charset=utf-8')
          return new Response(`<!doctype html><title>${status}</title>`, { status, headers })
        },
        appContext,
      } as never,
    },
    routes: manifest,
    assets: {
      entry: { imports: [], module: '/entry.js' },
      routes: {},
      url: '/manifest.js',
      version: '1',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {} as ServerBuild['future'],
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  }
  return { build, pages }
}
