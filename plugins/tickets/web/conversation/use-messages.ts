import { useCallback, useEffect, useRef, useState } from 'react'
import { api, toastError, useRealtime, useRealtimeRoom } from '@zapdesk/plugin-api/web'
import { applyMessage, emptyMessages, mergePage, type MessagesState } from './message-pages.ts'
import type { AppMessageFrame, Message, MessagesAnswer } from './types.ts'

export type LoadStatus = 'loading' | 'ready' | 'error'

export interface MessagesData extends MessagesState<Message> {
  /** Of page 1: until it arrives the list shows a spinner, after a failure a retry. */
  status: LoadStatus
  loadingOlder: boolean
  olderFailed: boolean
  loadOlder: () => void
  reload: () => void
  /** Applies a message the caller already has (a send or delete answer) as a realtime frame would. */
  apply: (m: Message) => void
}

/**
 * The messages of one ticket: page 1 on mount, older pages on demand, and the ticket's chat box room held while
 * mounted, whose `appMessage` frames add and change messages live.
 */
export function useMessages(ticketId: number, peek = false): MessagesData {
  const [state, setState] = useState<MessagesState<Message>>(emptyMessages<Message>())
  const [status, setStatus] = useState<LoadStatus>('loading')
  const [loadingOlder, setLoadingOlder] = useState(false)
  const [olderFailed, setOlderFailed] = useState(false)
  const stateRef = useRef(state)
  stateRef.current = state
  const busy = useRef(false)
  const controller = useRef<AbortController | null>(null)

  const load = useCallback(async (page: number) => {
    controller.current?.abort()
    const ac = new AbortController()
    controller.current = ac
    busy.current = true
    if (page === 1) setStatus('loading')
    else setLoadingOlder(true)
    try {
      const answer = await api.get<MessagesAnswer>(`/messages/${ticketId}`, { query: { pageNumber: page, ...(peek ? { peek: true } : {}) }, signal: ac.signal })
      if (ac.signal.aborted) return
      setState((s) => mergePage(s, page, answer.messages ?? [], !!answer.hasMore))
      setStatus('ready')
      setOlderFailed(false)
    } catch (e) {
      if (ac.signal.aborted) return
      if (page === 1) setStatus('error')
      else setOlderFailed(true)
      toastError(e)
    } finally {
      if (!ac.signal.aborted) {
        busy.current = false
        setLoadingOlder(false)
      }
    }
  }, [ticketId, peek])

  useEffect(() => {
    setState(emptyMessages<Message>())
    void load(1)
    return () => {
      controller.current?.abort()
      busy.current = false
    }
  }, [load])

  const apply = useCallback((m: Message) => {
    // The tickets shown: this one and, when the API returns the contact's earlier tickets, those too.
    setState((s) => applyMessage(s, m, new Set([ticketId, ...s.messages.map((x) => x.ticketId)])))
  }, [ticketId])

  useRealtimeRoom({ type: 'joinChatBox', ticketId: String(ticketId) })
  useRealtime('appMessage', (raw) => {
    const frame = raw as unknown as AppMessageFrame
    if ((frame.action === 'create' || frame.action === 'update') && frame.message) apply(frame.message)
  })

  const loadOlder = useCallback(() => {
    const s = stateRef.current
    if (busy.current || !s.hasMore || s.page < 1) return
    void load(s.page + 1)
  }, [load])

  const reload = useCallback(() => void load(1), [load])

  return { ...state, status, loadingOlder, olderFailed, loadOlder, reload, apply }
}
