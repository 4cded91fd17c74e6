import { useCallback, useEffect, useRef, useState } from 'react'
import { api, toastError, useRealtime, useRealtimeRoom } from '@zapdesk/plugin-api/web'
import { appendMessage, emptyMessages, mergeMessages, type MessagesState } from './chat-rules.ts'
import type { Chat, ChatMessage, ChatMessageFrame, Page } from './types.ts'

export type LoadStatus = 'loading' | 'ready' | 'error'

/**
 * One conversation: page 1 on mount, older pages on demand, new messages live through the chat's room (members
 * only). Opening it and every message that arrives while it is open mark it read for the signed-in user.
 */
export function useChatMessages(chat: Chat, userId: number | undefined, onChatChanged: (c: Chat) => void) {
  const [state, setState] = useState<MessagesState>(emptyMessages)
  const [status, setStatus] = useState<LoadStatus>('loading')
  const [loadingOlder, setLoadingOlder] = useState(false)
  const busy = useRef(false)
  const stateRef = useRef(state)
  stateRef.current = state

  // Failures of the read mark are left silent (spec section 8: chat call failures are ignored); the next one retries.
  const markRead = useCallback(() => {
    void api.post<Chat>(`/chats/${chat.uuid}/read`, { userId }).catch(() => undefined)
  }, [chat.uuid, userId])

  const load = useCallback(async (page: number) => {
    busy.current = true
    if (page === 1) setStatus('loading')
    else setLoadingOlder(true)
    try {
      const answer = await api.get<Page<ChatMessage>>(`/chats/${chat.uuid}/messages`, { query: { pageNumber: page } })
      setState((s) => mergeMessages(s, page, answer.records, answer.hasMore))
      setStatus('ready')
    } catch (e) {
      if (page === 1) setStatus('error')
      toastError(e)
    } finally {
      busy.current = false
      setLoadingOlder(false)
    }
  }, [chat.uuid])

  useEffect(() => {
    setState(emptyMessages())
    void load(1)
    markRead()
  }, [load, markRead])

  useRealtimeRoom({ type: 'join', room: 'chat', arg: chat.uuid })
  useRealtime('chatMessage', (raw) => {
    const frame = raw as unknown as ChatMessageFrame
    if (frame.action === 'update') {
      if (frame.chat.uuid === chat.uuid) onChatChanged(frame.chat)
      return
    }
    if (frame.uuid !== chat.uuid) return
    setState((s) => appendMessage(s, frame.message))
    if (frame.message.senderId !== userId) markRead()
  })

  const loadOlder = useCallback(() => {
    if (busy.current || !stateRef.current.hasMore) return
    void load(stateRef.current.page + 1)
  }, [load])

  const send = useCallback(async (text: string) => {
    const message = await api.post<ChatMessage>(`/chats/${chat.uuid}/messages`, { message: text })
    setState((s) => appendMessage(s, message))
  }, [chat.uuid])

  return { ...state, status, loadingOlder, loadOlder, reload: () => void load(1), send }
}
