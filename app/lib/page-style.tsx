import { createContext, useEffect } from 'react'
// The whole stylesheet's URL (a hashed, precompressed file), loaded after the page for what the
// page's later chunks and the next pages render. The first paint's part is inlined by the server.
import stylesheetUrl from '../app.css?url'

export interface PageStyle {
  css: string
  /** Whether rules were left out (app/lib/critical-css.server.ts). */
  partial: boolean
}

/**
 * The stylesheet the server inlines in this page's head: set by app/entry.server.tsx and read by
 * the root on the server only (created pure, so the browser's bundle drops it).
 */
export const PageStyleContext = /* @__PURE__ */ createContext<PageStyle>({
  css: '',
  partial: false,
})

/**
 * When the server inlined only the rules this page's own code uses (its `<style>` is marked
 * `data-partial`), the whole stylesheet is loaded once the page has loaded (its `load` event): it
 * never competes with the first paint's requests, and is there for the chunks a page loads later
 * and for the next page.
 */
export function useWholeStylesheet() {
  useEffect(() => {
    if (!document.querySelector('style[data-partial]')) return
    const add = () => {
      const link = document.createElement('link')
      link.rel = 'stylesheet'
      link.href = stylesheetUrl
      document.head.append(link)
    }
    if (document.readyState === 'complete') return add()
    addEventListener('load', add, { once: true })
    return () => removeEventListener('load', add)
  }, [])
}
