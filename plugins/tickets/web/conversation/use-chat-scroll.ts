import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

/** Spec: the message list loads older messages within 50 px of its top. */
export const LOAD_OLDER_THRESHOLD_PX = 50
/** Closer than this to the bottom, the list follows new messages and late-loading media. */
const STICK_PX = 80

interface Options {
  scroller: RefObject<HTMLDivElement | null>
  content: RefObject<HTMLDivElement | null>
  /** Changes whenever the messages do (their array). */
  messages: readonly { id: number; fromMe: boolean }[]
  busy: boolean
  canLoadOlder: boolean
  loadOlder: () => void
}

/**
 * Chat scrolling: starts at the bottom, stays there while the agent is there (new messages, images that load late),
 * keeps the visible messages in place when an older page is put in front, and asks for older pages near the top or
 * when the first page does not fill the box (no scroll event would ever come). Media that finish loading above the
 * viewport later are left to the browser's scroll anchoring (CSS overflow-anchor, on by default).
 */
export function useChatScroll({ scroller, content, messages, busy, canLoadOlder, loadOlder }: Options) {
  const stick = useRef(true)
  const anchor = useRef<{ height: number; top: number } | null>(null)
  const lastId = useRef<number | null>(null)

  const toBottom = useCallback(() => {
    const el = scroller.current
    if (el) el.scrollTop = el.scrollHeight
  }, [scroller])

  const requestOlder = useCallback(() => {
    const el = scroller.current
    if (!el || busy || !canLoadOlder) return
    anchor.current = { height: el.scrollHeight, top: el.scrollTop }
    loadOlder()
  }, [scroller, busy, canLoadOlder, loadOlder])

  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    const last = messages[messages.length - 1]
    const ownNew = last && last.id !== lastId.current && last.fromMe && lastId.current !== null
    lastId.current = last?.id ?? null
    if (anchor.current && !busy) {
      // Same distance from the bottom as before the older page went in front: nothing visible moves.
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top
      anchor.current = null
    } else if (stick.current || ownNew) {
      stick.current = true
      toBottom()
    }
  }, [messages, busy, scroller, toBottom])

  useEffect(() => {
    const el = scroller.current
    if (el && !busy && canLoadOlder && el.scrollHeight <= el.clientHeight + 1) requestOlder()
  }, [messages, busy, canLoadOlder, scroller, requestOlder])

  useEffect(() => {
    const el = content.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(() => {
      if (stick.current && !anchor.current) toBottom()
    })
    ro.observe(el)
    return () => ro.disconnect()
  }, [content, toBottom])

  const onScroll = useCallback(() => {
    const el = scroller.current
    if (!el) return
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX
    // Scrolled while the older page loads: what must stay in place is what shows now.
    if (anchor.current) anchor.current = { height: el.scrollHeight, top: el.scrollTop }
    else if (el.scrollTop <= LOAD_OLDER_THRESHOLD_PX) requestOlder()
  }, [scroller, requestOlder])

  return { onScroll, toBottom }
}
