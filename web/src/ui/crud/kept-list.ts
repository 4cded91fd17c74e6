import { useMemo } from 'react'
import type { PagedList } from '../use-paged-list.ts'

export interface KeptListState<T> {
  /** null while the first read runs. */
  items: T[] | null
  failed: boolean
  reload: () => void
  upsert: (item: T) => void
  remove: (item: T) => void
}

const nothing = () => undefined

/**
 * A list a module keeps with its own hook (e.g. connections, live from two topics and shared with a menu badge) as
 * the kit's list, so it shows in a DataTable / CrudListPage with the same loading, empty and error states.
 */
export function useKeptList<T>({ items, failed, reload, upsert, remove }: KeptListState<T>): PagedList<T> {
  return useMemo(() => ({
    items: items ?? [], page: 1, hasMore: false, loading: items === null, error: failed, count: items?.length,
    loadMore: nothing, onScroll: nothing, reload,
    upsert: (item: Partial<T>) => upsert(item as T),
    remove: (item: Partial<T>) => remove(item as T),
  }), [items, failed, reload, upsert, remove])
}
