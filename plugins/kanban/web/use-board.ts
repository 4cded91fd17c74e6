import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, toastError, toastSuccess, useRealtime, useRealtimeStatus, useSession, type RealtimeEvent } from '@zapdesk/plugin-api/web'
import { applyCard, boardQuery, lanesOf, laneOf, movedCard, type KanbanCard, type Lane, type LaneTag, type Viewer } from './board.ts'

interface BoardPage { tickets: KanbanCard[]; count: number; hasMore: boolean }

/** The board's state: lanes (kanban tags), the viewer's cards, live updates and moves. */
export function useBoard() {
  const { t } = useTranslation('kanban')
  const { user, isAdmin } = useSession()
  const queueKey = (user?.queues ?? []).map((q) => q.id).join(',')
  const viewer = useMemo<Viewer>(() => ({ isAdmin, queueIds: queueKey ? queueKey.split(',').map(Number) : [] }), [isAdmin, queueKey])
  const [lanes, setLanes] = useState<Lane[]>(lanesOf([]))
  const [cards, setCards] = useState<KanbanCard[]>([])
  const [page, setPage] = useState({ number: 1, hasMore: false })
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [loadingMore, setLoadingMore] = useState(false)
  // Answers of an older load (viewer changed, reconnect) must not overwrite a newer one.
  const generation = useRef(0)

  const reload = useCallback(async () => {
    const mine = ++generation.current
    setStatus((s) => (s === 'ready' ? s : 'loading'))
    try {
      const [tags, first] = await Promise.all([
        api.get<{ lista: LaneTag[] }>('/tags/kanban'),
        api.get<BoardPage>('/ticket/kanban', { query: boardQuery(viewer, 1) }),
      ])
      if (mine !== generation.current) return
      setLanes(lanesOf(tags.lista))
      setCards(first.tickets)
      setPage({ number: 1, hasMore: first.hasMore })
      setStatus('ready')
    } catch (e) {
      if (mine !== generation.current) return
      setStatus('error')
      toastError(e)
    }
  }, [viewer])

  useEffect(() => void reload(), [reload])

  // Frames missed while the socket was down are caught up by reloading once it is back.
  const socket = useRealtimeStatus()
  const wasDown = useRef(false)
  useEffect(() => {
    if (socket === 'reconnecting') wasDown.current = true
    else if (socket === 'open' && wasDown.current) {
      wasDown.current = false
      void reload()
    }
  }, [socket, reload])

  const apply = (card: unknown) => {
    if (card && typeof card === 'object') setCards((list) => applyCard(list, card as KanbanCard, viewer))
  }
  useRealtime('kanban', (data) => apply(data.ticket))
  // The tickets plugin's frames (new messages, status and queue changes, deletions), read only for the card fields.
  useRealtime('ticket', (data) => {
    const frame = data as unknown as RealtimeEvent
    if (frame.action === 'update') apply(frame.ticket)
    else if (frame.action === 'delete') setCards((list) => list.filter((c) => c.id !== Number(frame.ticketId)))
  })
  // A tag renamed, recoloured, (un)flagged kanban or deleted changes the lanes and where cards sit.
  useRealtime('tag', () => void reload())

  async function loadMore() {
    setLoadingMore(true)
    try {
      const next = await api.get<BoardPage>('/ticket/kanban', { query: boardQuery(viewer, page.number + 1) })
      setCards((list) => next.tickets.reduce((acc, card) => (acc.some((c) => c.id === card.id) ? acc : [...acc, card]), list))
      setPage({ number: page.number + 1, hasMore: next.hasMore })
    } catch (e) {
      toastError(e)
    } finally {
      setLoadingMore(false)
    }
  }

  /** Spec: remove the ticket's current lane link, then add the destination's; one toast says where the card went. */
  async function move(cardId: number, to: number) {
    const card = cards.find((c) => c.id === cardId)
    if (!card || laneOf(card, lanes) === to) return
    setCards((list) => list.map((c) => (c.id === cardId ? movedCard(c, lanes, to) : c)))
    try {
      let answer = await api.del<KanbanCard>(`/ticket-tags/${cardId}`)
      if (to !== 0) answer = await api.put<KanbanCard>(`/ticket-tags/${cardId}/${to}`)
      toastSuccess(t(to === 0 ? 'removed' : 'added'))
      apply(answer)
    } catch (e) {
      toastError(e)
      void reload()
    }
  }

  return { lanes, cards, status, hasMore: page.hasMore, loadingMore, loadMore, move, reload }
}
