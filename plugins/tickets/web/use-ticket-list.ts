import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react'
import { api, isApiError, nearBottom, toastError, useRealtime, useRealtimeRoom, useRealtimeStatus } from '@zapdesk/plugin-api/web'
import { filterKey, statusOfTab, ticketQuery, type TicketFilter } from './ticket-filters.ts'
import { applyAppMessage, applyTicketEvent, emptyList, needsRefresh, pageLoaded, shownCount, type ListScope, type TicketListState } from './ticket-list-rules.ts'
import type { AppMessageEvent, Ticket, TicketEvent, TicketsAnswer } from './types.ts'

export interface TicketList extends TicketListState {
  count: number
  onScroll: (e: UIEvent<HTMLElement>) => void
  loadMore: () => void
  reload: () => void
}

/**
 * One list of the panel: pages of GET /tickets for a filter, kept live by the `ticket` and `appMessage` topics
 * (rows move, appear and leave by the rules of ticket-list-rules.ts). `enabled` false waits (e.g. for the queues).
 */
export function useTicketList(filter: TicketFilter, meId: number, enabled = true): TicketList {
  const [state, setState] = useState<TicketListState>(emptyList)
  const filterRef = useRef(filter)
  filterRef.current = filter
  const stateRef = useRef(state)
  stateRef.current = state
  const controller = useRef<AbortController | null>(null)
  const key = filterKey(filter)
  const status = statusOfTab(filter.tab)

  const scope = (): ListScope => {
    const f = filterRef.current
    const search = f.tab === 'search'
    return { status: statusOfTab(f.tab), showAll: search || f.showAll, queueIds: f.queueIds, withUnreadMessages: f.withUnreadMessages, meId, mode: search ? 'update-only' : 'full' }
  }

  const load = useCallback(async (page: number) => {
    controller.current?.abort()
    const ac = new AbortController()
    controller.current = ac
    setState((s) => ({ ...(page === 1 ? emptyList() : s), loading: true, error: false }))
    try {
      const answer = await api.get<TicketsAnswer>('/tickets', { query: ticketQuery(filterRef.current, page), signal: ac.signal })
      if (ac.signal.aborted) return
      setState((s) => pageLoaded(s, page, answer.tickets ?? [], !!answer.hasMore, answer.count))
    } catch (e) {
      if (ac.signal.aborted) return
      setState((s) => ({ ...s, loading: false, error: true, hasMore: false }))
      toastError(e)
    }
  }, [])

  useEffect(() => {
    if (!enabled) return
    void load(1)
    return () => controller.current?.abort()
  }, [key, enabled, load])

  // events missed while the socket was down are not replayed: start over once it is back
  const live = useRealtimeStatus()
  const wasLive = useRef(live)
  useEffect(() => {
    if (live === 'open' && wasLive.current !== 'open' && enabled && stateRef.current.page > 0) void load(1)
    wasLive.current = live
  }, [live, enabled, load])

  useRealtimeRoom(status ? { type: 'joinTickets', status } : null)
  useRealtime('ticket', (data) => {
    const e = data as unknown as TicketEvent
    if (needsRefresh(stateRef.current, e)) void refreshOne(e.action === 'updateUnread' ? e.ticketId : 0)
    else setState((s) => applyTicketEvent(s, e, scope()))
  })
  useRealtime('appMessage', (data) => setState((s) => applyAppMessage(s, data as unknown as AppMessageEvent, scope())))

  // one ticket again (its unread count changed): placed by the same rules as any update, or dropped if gone
  async function refreshOne(id: number) {
    try {
      const ticket = await api.get<Ticket>(`/tickets/${id}`)
      setState((s) => applyTicketEvent(s, { action: 'update', ticket }, scope()))
    } catch (e) {
      // gone or no longer ours: drop it; a network hiccup leaves the row as it was
      if (isApiError(e) && (e.status === 404 || e.status === 403)) setState((s) => applyTicketEvent(s, { action: 'delete', ticketId: id }, scope()))
    }
  }

  const loadMore = useCallback(() => {
    const s = stateRef.current
    if (!s.loading && s.hasMore && !s.error && s.page > 0) void load(s.page + 1)
  }, [load])
  const onScroll = useCallback((e: UIEvent<HTMLElement>) => {
    if (nearBottom(e.currentTarget)) loadMore()
  }, [loadMore])
  const reload = useCallback(() => void load(1), [load])

  return { ...state, count: shownCount(state), onScroll, loadMore, reload }
}
