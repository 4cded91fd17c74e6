import { useCallback, useEffect, useRef, useState } from 'react'
import { api, useRealtime } from '@zapdesk/plugin-api/web'
import type { Connection, ConnectionEvent, SessionEvent } from './types.ts'
import { applyEvent, sortConnections, upsertConnection } from './session.ts'

/**
 * The company's connections, loaded once and kept live by the `whatsapp` and `whatsappSession` topics. `onError`
 * hears a failed load (the page toasts it; the menu badge stays quiet).
 */
export function useConnections(onError?: (error: unknown) => void) {
  const [items, setItems] = useState<Connection[] | null>(null)
  const [failed, setFailed] = useState(false)
  const errorRef = useRef(onError)
  errorRef.current = onError

  const reload = useCallback(() => {
    setFailed(false)
    api.get<Connection[]>('/whatsapp', { query: { session: 0 } }).then(
      (list) => setItems(sortConnections(list)),
      (e) => {
        errorRef.current?.(e)
        setFailed(true)
        setItems([])
      },
    )
  }, [])
  useEffect(reload, [reload])

  useRealtime('whatsapp', (data) => setItems((list) => (list ? applyEvent(list, 'whatsapp', data as unknown as ConnectionEvent) : list)))
  useRealtime('whatsappSession', (data) => setItems((list) => (list ? applyEvent(list, 'whatsappSession', data as unknown as SessionEvent) : list)))

  const upsert = useCallback((c: Connection) => setItems((list) => upsertConnection(list ?? [], c)), [])
  const remove = useCallback((gone: Pick<Connection, 'id'>) => setItems((list) => (list ?? []).filter((c) => c.id !== gone.id)), [])
  return { items, failed, reload, upsert, remove }
}
