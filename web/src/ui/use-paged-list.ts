import { useCallback, useEffect, useRef, useState, type RefObject, type UIEvent } from 'react'
import { appendPage, applyLive, initialPaged, loadingPage, nearBottom, type PagedState } from './paged-list.ts'
import { toastError } from './toaster.ts'

export interface PageAnswer<T> {
  items: T[]
  hasMore: boolean
  count?: number
}

export interface PagedList<T> extends PagedState<T> {
  count?: number
  loadMore: () => void
  onScroll: (e: UIEvent<HTMLElement>) => void
  upsert: (item: Partial<T>) => void
  remove: (item: Partial<T>) => void
  reload: () => void
}

/** Keeps loading while a short first page leaves the container without a scrollbar (no scroll event to wait for). */
export function useFillContainer(ref: RefObject<HTMLElement | null>, list: PagedList<unknown>): void {
  useEffect(() => {
    const el = ref.current
    if (el && list.hasMore && !list.loading && !list.error && el.scrollHeight <= el.clientHeight + 1) list.loadMore()
  }, [ref, list, list.items.length, list.hasMore, list.loading, list.error])
}

/**
 * Loads page 1 whenever `search` changes, further pages when the list is scrolled near its bottom,
 * and exposes live upsert/remove for realtime events.
 */
export function usePagedList<T>(fetchPage: (page: number, search: string, signal: AbortSignal) => Promise<PageAnswer<T>>, search: string, key: (item: T) => unknown): PagedList<T> {
  const [state, setState] = useState<PagedState<T>>(initialPaged<T>())
  const [count, setCount] = useState<number | undefined>(undefined)
  const fetchRef = useRef(fetchPage)
  fetchRef.current = fetchPage
  const keyRef = useRef(key)
  keyRef.current = key
  const controller = useRef<AbortController | null>(null)
  const stateRef = useRef(state)
  stateRef.current = state

  const load = useCallback(async (page: number, term: string, keep = false) => {
    controller.current?.abort()
    const ac = new AbortController()
    controller.current = ac
    setState((s) => loadingPage(s, page, keep))
    try {
      const answer = await fetchRef.current(page, term, ac.signal)
      if (ac.signal.aborted) return
      setState((s) => appendPage(s, page, answer.items, answer.hasMore, keyRef.current))
      if (answer.count !== undefined) setCount(answer.count)
    } catch (e) {
      if (ac.signal.aborted) return
      setState((s) => ({ ...s, loading: false, refreshing: false, error: true, hasMore: false }))
      toastError(e)
    }
  }, [])

  const termRef = useRef(search)
  termRef.current = search
  useEffect(() => {
    void load(1, search)
    return () => controller.current?.abort()
  }, [search, load])

  const loadMore = useCallback(() => {
    const s = stateRef.current
    if (s.loading || !s.hasMore) return
    void load(s.page + 1, termRef.current)
  }, [load])

  const onScroll = useCallback((e: UIEvent<HTMLElement>) => {
    if (nearBottom(e.currentTarget)) loadMore()
  }, [loadMore])

  // The header's total follows what is added and removed here, not only what the last page said. The ref is moved
  // at once, so a save's answer and its realtime echo in the same tick count once.
  const live = useCallback((action: 'upsert' | 'delete', item: Partial<T>) => {
    const listed = stateRef.current.items.some((i) => keyRef.current(i) === keyRef.current(item as T))
    if (listed !== (action === 'upsert')) setCount((c) => (c === undefined ? c : Math.max(0, c + (action === 'upsert' ? 1 : -1))))
    stateRef.current = { ...stateRef.current, items: applyLive(stateRef.current.items, action, item, keyRef.current) }
    setState((s) => ({ ...s, items: applyLive(s.items, action, item, keyRef.current) }))
  }, [])
  const upsert = useCallback((item: Partial<T>) => live('upsert', item), [live])
  const remove = useCallback((item: Partial<T>) => live('delete', item), [live])
  // The rows stay listed until the fresh page replaces them.
  const reload = useCallback(() => void load(1, termRef.current, true), [load])

  return { ...state, count, loadMore, onScroll, upsert, remove, reload }
}
