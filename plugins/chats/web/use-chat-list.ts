import { useCallback, useMemo } from 'react'
import { api, usePagedList, useRealtime, useSession } from '@zapdesk/plugin-api/web'
import { byActivity } from './chat-rules.ts'
import type { Chat, ChatFrame, Page } from './types.ts'

/**
 * The signed-in user's chats: paged from the most recently active, kept live by the per-user `chat` topic (a new
 * chat, a new last message or unread count, a chat deleted or one they were taken out of).
 */
export function useChatList() {
  const { user } = useSession()
  const fetchPage = useCallback(async (page: number, _search: string, signal: AbortSignal) => {
    const answer = await api.get<Page<Chat>>('/chats', { query: { pageNumber: page }, signal })
    return { items: answer.records, hasMore: answer.hasMore, count: answer.count }
  }, [])
  const list = usePagedList<Chat>(fetchPage, '', (c) => c.id)
  useRealtime('chat', (raw) => {
    const frame = raw as unknown as ChatFrame
    if (frame.action === 'delete') list.remove({ id: frame.chatId })
    else list.upsert(frame.chat)
  })
  const chats = useMemo(() => [...list.items].sort(byActivity), [list.items])
  return { list, chats, userId: user?.id }
}

export type ChatList = ReturnType<typeof useChatList>
