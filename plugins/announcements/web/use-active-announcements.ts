import { useCallback, useMemo } from 'react'
import { api, usePagedList, useRealtime } from '@zapdesk/plugin-api/web'
import type { Announcement, AnnouncementEvent, AnnouncementsAnswer } from './types.ts'
import { byPriority } from './priority.ts'

/**
 * The active announcements for the top bar, kept live by the spec's `announcement` channel (the server sends every
 * company only what its users may see: a deactivated announcement arrives as a delete).
 */
export function useActiveAnnouncements() {
  const fetchPage = useCallback(async (page: number, _search: string, signal: AbortSignal) => {
    // `active`: a super user's popover shows what everyone sees, not the drafts of the management page.
    const answer = await api.get<AnnouncementsAnswer>('/announcements', { query: { pageNumber: page, active: true }, signal })
    return { items: answer.records ?? [], hasMore: !!answer.hasMore, count: answer.count }
  }, [])
  const list = usePagedList<Announcement>(fetchPage, '', (a) => a.id)
  useRealtime('announcement', (raw) => {
    const data = raw as unknown as AnnouncementEvent
    if (data.action === 'delete') list.remove({ id: data.id })
    else if (data.record) list.upsert(data.record)
  })
  const items = useMemo(() => [...list.items].sort(byPriority), [list.items])
  return { list, items }
}
