/**
 * Unsaved work in the browser: a form's values are kept in localStorage as the author types, until
 * the record is saved or the draft discarded, so a reload or a closed tab loses nothing.
 */
const PREFIX = 'admin-draft:'

export interface StoredDraft<T> {
  values: T
  savedAt: string
}

export function draftKey(kind: string, id: string | number | null): string {
  return `${PREFIX}${kind}:${id ?? 'new'}`
}

export function readDraft<T>(key: string): StoredDraft<T> | null {
  try {
    const raw = window.localStorage.getItem(key)
    return raw ? (JSON.parse(raw) as StoredDraft<T>) : null
  } catch {
    return null
  }
}

export function writeDraft<T>(key: string, values: T): void {
  try {
    const draft: StoredDraft<T> = { values, savedAt: new Date().toISOString() }
    window.localStorage.setItem(key, JSON.stringify(draft))
  } catch {
    // Storage full or disabled: the form still works, only without the safety net.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // nothing to clear
  }
}
