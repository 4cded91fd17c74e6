import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react'
import { LOAD_OLDER_PX, STICK_PX } from './chat-rules.ts'

interface Options {
  scroller: RefObject<HTMLDivElement | null>
  messages: readonly { id: number; senderId: number }[]
  userId: number | undefined
  busy: boolean
  hasMore: boolean
  loadOlder: () => void
}

/**
 * The message pane's scrolling: starts at the newest message (bottom), follows new ones while the reader is near the
 * bottom (always after their own), keeps what is on screen in place when an older page goes in front, and asks for
 * older pages when scrolled under 600 px from the top or when the messages do not fill the pane yet.
 */
export function usePaneScroll({ scroller, messages, userId, busy, hasMore, loadOlder }: Options) {
  const stick = useRef(true)
  const anchor = useRef<{ height: number; top: number } | null>(null)
  const lastId = useRef<number | null>(null)

  const requestOlder = useCallback(() => {
    const el = scroller.current
    if (!el || busy || !hasMore) return
    anchor.current = { height: el.scrollHeight, top: el.scrollTop }
    loadOlder()
  }, [scroller, busy, hasMore, loadOlder])

  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    const last = messages[messages.length - 1]
    const ownNew = !!last && last.id !== lastId.current && last.senderId === userId
    lastId.current = last?.id ?? null
    if (anchor.current && !busy) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top
      anchor.current = null
    } else if (stick.current || ownNew) {
      stick.current = true
      el.scrollTop = el.scrollHeight
    }
    if (!busy && hasMore && el.scrollHeight <= el.clientHeight + 1) requestOlder()
  }, [messages, busy, hasMore, userId, scroller, requestOlder])

  const onScroll = useCallback(() => {
    const el = scroller.current
    if (!el) return
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX
    if (!anchor.current && el.scrollTop < LOAD_OLDER_PX) requestOlder()
  }, [scroller, requestOlder])

  return { onScroll }
}
