import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

/** React, React DOM and React Router: the same on every page, and seldom changed. */
const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler)\/|rolldown\/runtime/

type ModuleInfo = { importedIds: string[] } | null

/**
 * Modules that pages load together or not at all, one file instead of several: the API client,
 * the data store's requests and the endpoint table (ADR 019). A page's first load is fewer
 * requests, which on a phone's connection (and in Lighthouse's, HTTP/1.1 with six connections)
 * costs round trips, not just bytes. Its name is the one app/lib/page-stylesheet.server.ts knows
 * the endpoint table's chunk by.
 */
const API = /\/(app\/lib\/(api|store)|contracts\/api-paths)\.ts$/

/**
 * Small modules most public pages use, and the post page and /blog (whose first load has the
 * tightest budget) always: kept with the shell rather than in chunks of a few hundred bytes.
 * `features.ts` too: the radio player asks it, and a group takes its members' imports with it,
 * so left alone it went into `media`, and every page's stylesheet (ADR 013) then counted the
 * gallery's and the lightbox's classes as the layout's.
 */
const COMMON =
  /\/app\/(lib\/(meta|format|date-format|memo|public-config)\.ts|components\/(ui\/state-message|blog\/post-card)\.tsx)$|\/contracts\/(common-constants|features)\.ts$/

/**
 * What content pages share beyond the shell, one chunk each rather than a file of a few hundred
 * bytes per module (ADR 012). `pages`: the page frame, dates in the visitor's time zone and the
 * badge. `sky`: the sky
 * pages' data and their views' helpers. `media`: the video card and the community gallery (the
 * home page, /videos, /photos) with the remote pictures they show.
 */
const PAGES = /\/app\/(lib\/hydrated\.ts|components\/(page|ui\/(local-date|badge))\.tsx)$/
const SKY =
  /\/app\/(lib\/(sky|sky-format)\.ts|components\/(sky\/(freshness-note|visitor-time)|ui\/term-list)\.tsx?)$|\/contracts\/sky\.ts$/
const MEDIA =
  /\/app\/(lib\/media-format\.ts|components\/(media\/(video-card|community-gallery)|sky\/remote-image)\.tsx)$|\/contracts\/media-constants\.ts$/

/**
 * Our own modules that app/root.tsx imports, directly or not: every page loads them. They go in
 * one "shell" chunk, so a page's first load is the framework, the shell, the root and the page's
 * own chunks rather than a dozen small shared chunks (one file compresses better than its parts;
 * ADR 010). Packages stay out: the root may import a package for one small export.
 */
function shellModules() {
  let root: string | undefined
  let shell: Set<string> | undefined
  const plugin: Plugin = {
    name: 'shell-modules',
    buildStart() {
      shell = undefined
    },
    moduleParsed(info) {
      if (/\/app\/root\.tsx$/.test(info.id)) root = info.id
    },
  }
  const name = (id: string, ctx: { getModuleInfo(id: string): unknown }) => {
    if (!shell) {
      shell = new Set()
      const visit = (m: string) => {
        if (shell!.has(m) || m.includes('node_modules') || m.startsWith('\0')) return
        if (m !== root) shell!.add(m)
        for (const next of (ctx.getModuleInfo(m) as ModuleInfo)?.importedIds ?? []) visit(next)
      }
      if (root) visit(root)
    }
    return shell.has(id) || COMMON.test(id) ? 'shell' : null
  }
  return { plugin, name }
}

const shell = shellModules()

/**
 * React Router's browser build, free of what no page uses. Its modules name their components for
 * React's dev tools (`NavLink.displayName = "NavLink"`) and create them with unannotated calls
 * (`React.forwardRef(…)`): to the bundler both are side effects, so NavLink, Form and a dozen
 * contexts stayed in the framework chunk every page loads though no page of ours uses them. In
 * the client build the names go (production React never shows them) and those calls are marked
 * pure, so whatever is not imported is left out like any unused function.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'tree-shake-react-router',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: /\/node_modules\/react-router\/dist\/production\// },
      handler(code) {
        const next = code
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
          .replace(
            /^((?:export )?const \w+ = )(React(?:\$1)?\.(?:forwardRef|createContext|memo)\()/gm,
            '$1/* @__PURE__ */ $2',
          )
        return next === code ? null : { code: next, map: null }
      },
    },
  }
}

/**
 * Vite's helper for `import()` (`__vitePreload`), slimmed for this site. It starts fetching a lazy
 * chunk's own imports with the chunk (`<link rel="modulepreload">`), as Vite's does; Vite's also
 * handles CSS chunks, a CSP nonce from a `<meta>` and relative bases, none of which this build
 * has (the stylesheet is inlined, the CSP allows 'self', the base is '/'), and it is part of the
 * shell every page loads. If Vite renames the helper, the build warns and keeps Vite's.
 */
function slimPreloadHelper(): Plugin {
  const HELPER = '\0vite/preload-helper.js'
  let base = '/'
  let seen = false
  return {
    name: 'slim-preload-helper',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      base = config.base
    },
    transform: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(_code, id) {
        if (id !== HELPER) return null
        seen = true
        return {
          code: `const seen = {}
export const __vitePreload = (load, deps) => {
  if (deps && deps.length) {
    for (const link of document.getElementsByTagName('link')) seen[link.href] = true
    for (const dep of deps) {
      const href = new URL(${JSON.stringify(base)} + dep, location.href).href
      if (seen[href]) continue
      seen[href] = true
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      document.head.appendChild(link)
    }
  }
  return load()
}
`,
          map: null,
        }
      },
    },
    buildEnd() {
      if (!seen) this.warn(`no ${HELPER.slice(1)} to slim: Vite's own helper is used`)
    },
  }
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    shell.plugin,
    treeShakeReactRouter(),
    slimPreloadHelper(),
  ],
  build: {
    assetsInlineLimit: 0,
    // ANALYZE=1 writes source maps, to see what each chunk holds.
    sourcemap: !!process.env.ANALYZE,
  },
  environments: {
    // The browser's chunks only; the server bundle stays one file.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK },
                { name: shell.name },
                { name: 'api', test: API },
                { name: 'pages', test: PAGES },
                { name: 'sky', test: SKY },
                { name: 'media', test: MEDIA },
              ],
            },
          },
        },
      },
    },
  },
  server: { hmr: { port: 24678 } },
})
