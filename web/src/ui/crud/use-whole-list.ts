import { usePagedList, type PagedList } from '../use-paged-list.ts'

/**
 * A list the server answers whole (plans, companies, helps) as the kit's list: one page, with the loading, error
 * and retry states and live upsert/remove of a paged one, so it shows in a DataTable.
 */
export function useWholeList<T>(load: (signal: AbortSignal) => Promise<T[]>, key: (item: T) => unknown): PagedList<T> {
  return usePagedList<T>(async (_page, _search, signal) => {
    const items = await load(signal)
    return { items: Array.isArray(items) ? items : [], hasMore: false }
  }, '', key)
}
