import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useAtomValue } from 'jotai'
import { userAtom } from '../session/session-atoms.ts'
import { realtime } from './realtime.ts'
import type { JoinFrame } from './frames.ts'
import { eventName, type TopicData } from './topics.ts'

/**
 * Calls `handler` for every event of a company topic (`company-<companyId>-<topic>`) while mounted.
 * The latest handler is used, so callers need not memoize it.
 */
export function useRealtime<K extends string>(topic: K, handler: (data: TopicData<K>) => void): void {
  const companyId = useAtomValue(userAtom)?.companyId
  const ref = useRef(handler)
  ref.current = handler
  useEffect(() => {
    if (companyId == null) return
    return realtime.on(eventName(companyId, topic), (data) => ref.current(data as TopicData<K>))
  }, [companyId, topic])
}

/** Holds a room (notification, tickets of a status, one chat box) while mounted; null holds nothing. */
export function useRealtimeRoom(frame: JoinFrame | null): void {
  const key = frame ? JSON.stringify(frame) : null
  useEffect(() => {
    if (!key) return
    return realtime.join(JSON.parse(key) as JoinFrame)
  }, [key])
}

export function useRealtimeStatus() {
  return useSyncExternalStore(
    (cb) => realtime.onStatus(cb),
    () => realtime.getStatus(),
  )
}
