import { useCallback, useEffect, useMemo, useState } from 'react'
import { api, toastError, useRealtime, useSession } from '@zapdesk/plugin-api/web'
import type { Option } from './types.ts'

/** Lists answer either as an array or wrapped (`{ queues }`, `{ users }`): take whichever came. */
export function listOf(answer: unknown, key: string): Option[] {
  const list = Array.isArray(answer) ? answer : (answer as Record<string, unknown> | null)?.[key]
  if (!Array.isArray(list)) return []
  return list.map((o: Record<string, unknown>) => ({ id: Number(o.id), name: String(o.name ?? ''), ...(typeof o.color === 'string' ? { color: o.color } : {}) }))
}

export interface Options {
  /** null while loading. */
  items: Option[] | null
  error: boolean
  /** Asks again (only while enabled). */
  reload: () => void
}

/** Picker options from a list endpoint (GET /tags/list, /users/list, /whatsapp, /queue), loaded each time `enabled` turns true. */
export function useOptions(path: string, key: string, enabled = true): Options {
  const [state, setState] = useState<{ items: Option[] | null; error: boolean }>({ items: null, error: false })
  const [version, setVersion] = useState(0)
  useEffect(() => {
    if (!enabled) return
    let live = true
    api.get<unknown>(path).then(
      (answer) => live && setState({ items: listOf(answer, key), error: false }),
      (e) => {
        if (!live) return
        toastError(e)
        setState((s) => ({ items: s.items ?? [], error: true }))
      },
    )
    return () => {
      live = false
    }
  }, [path, key, enabled, version])
  const reload = useCallback(() => enabled && setVersion((v) => v + 1), [enabled])
  return { ...state, reload }
}

const noop = () => undefined

/**
 * The queues a user filters and picks by: an agent's own queues (all they may see besides 'SEM FILA'); an admin
 * sees every ticket, so every queue of the company, kept current by the `queue` topic.
 */
export function useQueueOptions(enabled = true): Options {
  const { user, isAdmin } = useSession()
  const all = useOptions('/queue', 'queues', enabled && isAdmin)
  useRealtime('queue', all.reload)
  const own = useMemo(() => (user?.queues ?? []).map((q) => ({ id: q.id, name: q.name, color: q.color })), [user?.queues])
  return isAdmin ? all : { items: own, error: false, reload: noop }
}
