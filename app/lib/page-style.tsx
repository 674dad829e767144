import { createContext, useContext, useEffect } from 'react'
// The whole stylesheet's URL (a hashed, precompressed file): loaded after the page, for what the
// page's later chunks and the next pages render. The text of the first paint's part is the server's.
import stylesheetUrl from '../app.css?url'

export interface PageStyle {
  css: string
  /** Whether rules were left out (app/lib/critical-css.server.ts). */
  partial: boolean
}

const PageStyleContext = createContext<PageStyle>({ css: '', partial: false })

export const PageStyleProvider = PageStyleContext.Provider

/** The stylesheet the server inlines in this page's head; empty in the browser. */
export function usePageStyle(): PageStyle {
  return useContext(PageStyleContext)
}

/** Marks the inlined `<style>` that holds only part of the stylesheet. */
export const PARTIAL_STYLE_ATTRIBUTE = 'data-partial'

/**
 * When the server inlined only the rules this page's own code uses, the whole stylesheet is
 * loaded once the page has loaded (its `load` event): it never competes with the first paint's
 * requests, and is there for the chunks a page loads later and for the next page.
 */
export function useWholeStylesheet() {
  useEffect(() => {
    if (!document.querySelector(`style[${PARTIAL_STYLE_ATTRIBUTE}]`)) return
    const add = () => {
      if (document.querySelector(`link[rel="stylesheet"][href="${stylesheetUrl}"]`)) return
      const link = document.createElement('link')
      link.rel = 'stylesheet'
      link.href = stylesheetUrl
      document.head.append(link)
    }
    if (document.readyState === 'complete') add()
    else {
      window.addEventListener('load', add, { once: true })
      return () => window.removeEventListener('load', add)
    }
  }, [])
}
