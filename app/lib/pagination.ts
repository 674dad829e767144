export type PageItem = number | 'ellipsis-start' | 'ellipsis-end'

export const PAGINATION_SHOW_ALL_UP_TO = 7

/**
 * The spec's rule: nothing for one page or fewer; every number up to 7 pages; otherwise the
 * first, the last, the current page and its neighbours, with an ellipsis for each gap.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 1) return []
  if (totalPages <= PAGINATION_SHOW_ALL_UP_TO)
    return Array.from({ length: totalPages }, (_, i) => i + 1)
  const page = Math.min(Math.max(current, 1), totalPages)
  const shown = [...new Set([1, page - 1, page, page + 1, totalPages])]
    .filter((p) => p >= 1 && p <= totalPages)
    .sort((a, b) => a - b)
  const items: PageItem[] = []
  for (const [i, p] of shown.entries()) {
    const prev = shown[i - 1]
    if (prev !== undefined && p - prev > 1) items.push(p < page ? 'ellipsis-start' : 'ellipsis-end')
    items.push(p)
  }
  return items
}
