import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

export interface MessageScrollOptions<M extends { id: number }> {
  scroller: RefObject<HTMLDivElement | null>
  /** The messages' box inside the scroller: when it grows (media loading late) the view follows if at the bottom. */
  content?: RefObject<HTMLDivElement | null>
  /** Changes whenever the messages do (their array), oldest first. */
  messages: readonly M[]
  /** The reader's own message: a new one always brings the view to the bottom. */
  isOwn: (m: M) => boolean
  busy: boolean
  canLoadOlder: boolean
  loadOlder: () => void
  /** Older pages are asked for this close to the top. */
  loadOlderPx: number
  /** Closer than this to the bottom, the view follows new messages. */
  stickPx: number
}

/**
 * A conversation's scrolling (tickets, internal chat): starts at the bottom, stays there while the reader is there
 * (new messages, media that load late), keeps the visible messages in place when an older page goes in front, and
 * asks for older pages near the top or when the first page does not fill the box (no scroll event would ever come).
 * Media that finish loading above the viewport are left to the browser's scroll anchoring (overflow-anchor).
 */
export function useMessageScroll<M extends { id: number }>({ scroller, content, messages, isOwn, busy, canLoadOlder, loadOlder, loadOlderPx, stickPx }: MessageScrollOptions<M>) {
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
    const ownNew = !!last && last.id !== lastId.current && lastId.current !== null && isOwn(last)
    lastId.current = last?.id ?? null
    if (anchor.current && !busy) {
      // Same distance from the bottom as before the older page went in front: nothing visible moves.
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top
      anchor.current = null
    } else if (stick.current || ownNew) {
      stick.current = true
      toBottom()
    }
  }, [messages, busy, scroller, toBottom, isOwn])

  useEffect(() => {
    const el = scroller.current
    if (el && !busy && canLoadOlder && el.scrollHeight <= el.clientHeight + 1) requestOlder()
  }, [messages, busy, canLoadOlder, scroller, requestOlder])

  useEffect(() => {
    const el = content?.current
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
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < stickPx
    // Scrolled while the older page loads: what must stay in place is what shows now.
    if (anchor.current) anchor.current = { height: el.scrollHeight, top: el.scrollTop }
    else if (el.scrollTop <= loadOlderPx) requestOlder()
  }, [scroller, requestOlder, stickPx, loadOlderPx])

  return { onScroll, toBottom }
}
