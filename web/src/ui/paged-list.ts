/** Pure state of an infinitely scrolled list, kept apart from React so it can be tested. */
export interface PagedState<T> {
  items: T[]
  page: number
  hasMore: boolean
  loading: boolean
  /**
   * Page 1 read again with the rows kept on screen (a reload): the list keeps its height while it loads. Optional: a
   * list a plugin builds itself for the DataTable (the plugin API's PagedList) need not say it.
   */
  refreshing?: boolean
  error: boolean
}

export const initialPaged = <T>(): PagedState<T> => ({ items: [], page: 0, hasMore: true, loading: false, refreshing: false, error: false })

/**
 * The state while `page` loads: a next page keeps what is listed; page 1 of a new query starts empty; a reload
 * (`keep`) leaves the rows on screen until the answer replaces them, so the list does not collapse to a spinner and
 * back (a dialog holding it moved under the pointer).
 */
export function loadingPage<T>(state: PagedState<T>, page: number, keep: boolean): PagedState<T> {
  if (page !== 1) return { ...state, loading: true, error: false }
  if (keep && state.items.length) return { ...state, loading: true, refreshing: true, error: false }
  return { ...initialPaged<T>(), loading: true }
}

/** Appends a page, replacing items that came back with the same key (a live update may have added them). */
export function appendPage<T>(state: PagedState<T>, page: number, items: T[], hasMore: boolean, key: (item: T) => unknown): PagedState<T> {
  const base = page === 1 ? [] : state.items
  const incoming = new Map(items.map((i) => [key(i), i]))
  const kept = base.filter((i) => !incoming.has(key(i)))
  return { items: [...kept, ...items], page, hasMore, loading: false, refreshing: false, error: false }
}

/** Applies a live create/update (upsert, new ones on top) or delete. */
export function applyLive<T>(items: T[], action: 'upsert' | 'delete', item: Partial<T>, key: (item: T) => unknown): T[] {
  const k = key(item as T)
  const idx = items.findIndex((i) => key(i) === k)
  if (action === 'delete') return idx === -1 ? items : items.filter((_, i) => i !== idx)
  if (idx === -1) return [item as T, ...items]
  const next = items.slice()
  next[idx] = { ...items[idx], ...item }
  return next
}

/** Spec: page lists load more within 100 px of the bottom. */
export const LOAD_MORE_THRESHOLD_PX = 100

export const nearBottom = (el: { scrollTop: number; scrollHeight: number; clientHeight: number }, threshold = LOAD_MORE_THRESHOLD_PX) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= threshold
