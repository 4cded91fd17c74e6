import { api } from '../../api/api.ts'
import type { PageAnswer } from '../use-paged-list.ts'
import type { CrudListOptions, LiveChange } from './use-crud-list.ts'

/**
 * The fetchPage of a spec list route: GET `path?searchParam=&pageNumber=` (plus `query`, e.g. the list a page shows)
 * answering `{ [items]: T[], hasMore, count }` (`records`, `files`, `tags`, ... by module). Made once, outside the
 * component (or in a useMemo of its query), it stays the same function.
 */
export function listRoute<T>(path: string, items: string, query: Record<string, string | number | undefined> = {}): CrudListOptions<T>['fetchPage'] {
  return async (page, searchParam, signal): Promise<PageAnswer<T>> => {
    const answer = await api.get<Record<string, unknown>>(path, { query: { ...query, searchParam, pageNumber: page }, signal })
    return { items: (answer[items] as T[] | undefined) ?? [], hasMore: !!answer.hasMore, count: answer.count as number | undefined }
  }
}

/**
 * The live half of a list whose topic sends the spec's events: `{ action: 'delete', [id]: n }` for an item gone,
 * `{ action: 'create' | 'update', [record]: item }` for one made or changed. An event without them changes nothing.
 */
export function liveRecords<T extends { id: number }>(topic: string, fields: { record: string; id: string }): NonNullable<CrudListOptions<T>['live']> {
  return {
    topic,
    change: (data): LiveChange<T> => {
      if (data.action === 'delete') return data[fields.id] == null ? null : { remove: { id: Number(data[fields.id]) } as Partial<T> }
      const record = data[fields.record] as Partial<T> | null | undefined
      return record ? { upsert: record } : null
    },
  }
}
