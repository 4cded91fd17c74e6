import { useState } from 'react'
import { useRealtime } from '../../realtime/hooks.ts'
import { useDebouncedValue } from '../use-debounce.ts'
import { usePagedList, type PageAnswer, type PagedList } from '../use-paged-list.ts'

/** What a realtime event of the list's topic means for it: an item to show (created or changed) or one gone. */
export type LiveChange<T> = { upsert: Partial<T> } | { remove: Partial<T> } | null

export interface CrudListOptions<T> {
  fetchPage: (page: number, search: string, signal: AbortSignal) => Promise<PageAnswer<T>>
  key: (item: T) => unknown
  /** A shorter search term lists everything (e.g. the spec's contacts search starts at 3 characters). */
  minSearch?: number
  /** The realtime topic that announces changes, and how to read its events. */
  live?: { topic: string; change: (data: Record<string, unknown>) => LiveChange<T> }
}

export interface CrudList<T> {
  list: PagedList<T>
  /** What the search box shows, and its setter; the list follows the debounced, trimmed, lowercase term. */
  search: string
  setSearch: (value: string) => void
  term: string
}

/** A searchable, infinitely scrolling list kept current by a realtime topic: the state half of a list page. */
export function useCrudList<T>({ fetchPage, key, live, minSearch = 0 }: CrudListOptions<T>): CrudList<T> {
  const [search, setSearch] = useState('')
  const typed = search.trim().toLowerCase()
  const term = useDebouncedValue(typed.length >= minSearch ? typed : '')
  const list = usePagedList<T>(fetchPage, term, key)
  // Without a topic the hook listens to a name nothing publishes.
  useRealtime(live?.topic ?? '', (data) => {
    const change = live?.change(data as Record<string, unknown>)
    if (!change) return
    if ('upsert' in change) list.upsert(change.upsert)
    else list.remove(change.remove)
  })
  return { list, search, setSearch, term }
}
