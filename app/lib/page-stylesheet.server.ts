import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import type { EntryContext } from 'react-router'
import {
  chunksNamedIn,
  classesIn,
  parseStylesheet,
  subsetStylesheet,
  type ParsedStylesheet,
} from './critical-css.server.ts'

export interface PageStylesheet {
  css: string
  /** Whether rules were left out: the page loads the whole stylesheet once it has loaded. */
  partial: boolean
}

/** The theme's class: set by the page, never by a chunk's markup. */
const ALWAYS = new Set(['dark'])

/**
 * The endpoint table's chunk (the `api` group of vite.config.ts). It names a chunk for every
 * endpoint's input schema, loaded to check an input before it is sent. A schema renders nothing,
 * but its chunk may import a page's shared chunk (the media schema, the gallery's), whose classes
 * are then the layout's on every page: the walk does not follow its names.
 */
const ENDPOINT_TABLE = /^\/assets\/api-[\w-]+\.js$/

/** More distinct pages than the route table has: a guard, not a size anyone reaches. */
const MAX_PAGES = 500

interface Index {
  sheet: ParsedStylesheet
  /** The classes each browser chunk contains, by its URL. */
  classesByChunk: Map<string, Set<string>>
  /** Classes no chunk contains (only the server writes them). */
  serverOnly: Set<string>
  /** The chunks the layout loads with the page or may load before the page has loaded. */
  layout: Set<string>
}

/**
 * Each page's stylesheet (app/lib/critical-css.server.ts), worked out the first time the page is
 * rendered and kept for the life of the process. The browser build's chunks are read once, on
 * the first page, and only their class lists are kept. Without a browser build (development),
 * or if a chunk cannot be read, a page gets the whole stylesheet.
 */
export function createPageStylesheets(stylesheet: string, clientDir: string | null) {
  const whole: PageStylesheet = { css: stylesheet, partial: false }
  let index: Index | null | undefined
  const pages = new Map<string, PageStylesheet>()

  function buildIndex(context: EntryContext): Index | null {
    if (!clientDir) return null
    const assets = path.join(clientDir, 'assets')
    const sheet = parseStylesheet(stylesheet)
    const classesByChunk = new Map<string, Set<string>>()
    const named = new Map<string, string[]>()
    const serverOnly = new Set(sheet.classes)
    for (const file of readdirSync(assets)) {
      if (!file.endsWith('.js')) continue
      const text = readFileSync(path.join(assets, file), 'utf8')
      const found = classesIn(sheet, text)
      for (const c of found) serverOnly.delete(c)
      classesByChunk.set(`/assets/${file}`, found)
      named.set(`/assets/${file}`, chunksNamedIn(text))
    }
    const { manifest } = context
    const start = [manifest.entry.module, ...manifest.entry.imports]
    const root = manifest.routes.root
    if (root) start.push(root.module, ...(root.imports ?? []))
    const layout = new Set<string>()
    for (const queue = start; queue.length > 0;) {
      const file = queue.pop()!
      if (layout.has(file)) continue
      layout.add(file)
      const names = named.get(file)
      if (names === undefined) throw new Error(`${file} is not in ${assets}`)
      if (ENDPOINT_TABLE.test(file)) continue
      queue.push(...names.filter((f) => !layout.has(f)))
    }
    return { sheet, classesByChunk, serverOnly, layout }
  }

  return function pageStylesheet(context: EntryContext): PageStylesheet {
    try {
      if (index === undefined) index = buildIndex(context)
    } catch (error) {
      console.error(error)
      index = null
    }
    if (!index) return whole
    const routes = context.staticHandlerContext.matches.map((m) => m.route.id)
    const key = routes.join(' ')
    let page = pages.get(key)
    if (page) return page
    const files = new Set(index.layout)
    for (const id of routes) {
      const route = context.manifest.routes[id]
      if (!route) continue
      files.add(route.module)
      for (const file of route.imports ?? []) files.add(file)
    }
    const classes = new Set([...ALWAYS, ...index.serverOnly])
    for (const file of files) {
      const found = index.classesByChunk.get(file)
      if (!found) return whole
      for (const c of found) classes.add(c)
    }
    page = { css: subsetStylesheet(index.sheet, (c) => classes.has(c)), partial: true }
    if (pages.size < MAX_PAGES) pages.set(key, page)
    return page
  }
}
