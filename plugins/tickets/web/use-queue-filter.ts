import { useEffect, useRef, useState } from 'react'
import { useQueueOptions } from './use-options.ts'

/**
 * The panel's queue filter. Every queue is chosen at first, and the lists wait until the options are known; a queue
 * that appears later (created, or linked to the user) is chosen too, since its tickets are the user's to see.
 * `sent` is null while every queue is chosen: no filter goes to the server (see ticket-filters.ts).
 */
export function useQueueFilter() {
  const queues = useQueueOptions()
  const [chosen, setChosen] = useState<number[] | null>(null)
  const known = useRef<Set<number> | null>(null)
  useEffect(() => {
    if (!queues.items) return
    const ids = queues.items.map((q) => q.id)
    const added = known.current ? ids.filter((id) => !known.current!.has(id)) : ids
    if (!known.current || added.length) setChosen((s) => [...(s ?? []), ...added])
    known.current = new Set(ids)
  }, [queues.items])
  const every = !!queues.items && queues.items.every((q) => chosen?.includes(q.id))
  return {
    ready: chosen !== null,
    sent: every ? null : chosen ?? [],
    props: { queues: queues.items, queueIds: chosen ?? [], onQueues: setChosen },
  }
}
