import { useCallback, useEffect, useState } from 'react'
import { api } from '@zapdesk/plugin-api/web'
import type { Schedule, ScheduleEvent, SchedulesAnswer } from './types.ts'
import { gridWindow } from './calendar.ts'

/** A month holds at most this many pages of 20 in the calendar (400 schedules). */
const MAX_PAGES = 20

export interface MonthSchedules {
  items: Schedule[]
  loading: boolean
  error: boolean
  reload: () => void
  /** A live change (the page's realtime handler passes every event). */
  apply: (event: ScheduleEvent) => void
}

/** Every schedule of the month's grid that matches the search, loaded page by page and kept live. */
export function useMonthSchedules(month: Date, term: string): MonthSchedules {
  const [items, setItems] = useState<Schedule[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState(false)
  const [round, setRound] = useState(0)
  const { from, to } = gridWindow(month)
  const fromIso = from.toISOString()
  const toIso = to.toISOString()

  useEffect(() => {
    const abort = new AbortController()
    setLoading(true)
    setError(false)
    void (async () => {
      const all: Schedule[] = []
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await api.get<SchedulesAnswer>('/schedules', { query: { from: fromIso, to: toIso, searchParam: term, pageNumber: page }, signal: abort.signal })
        all.push(...answer.schedules)
        if (!answer.hasMore) break
      }
      setItems(all)
      setLoading(false)
    })().catch(() => {
      if (abort.signal.aborted) return
      setError(true)
      setLoading(false)
    })
    return () => abort.abort()
  }, [fromIso, toIso, term, round])

  const apply = useCallback((event: ScheduleEvent) => {
    setItems((current) => {
      const others = current.filter((s) => s.id !== (event.action === 'delete' ? event.scheduleId : event.schedule.id))
      if (event.action === 'delete') return others
      const at = new Date(event.schedule.sendAt).getTime()
      const inside = at >= new Date(fromIso).getTime() && at < new Date(toIso).getTime()
      const matches = !term || `${event.schedule.body} ${event.schedule.contact?.name ?? ''}`.toLowerCase().includes(term.toLowerCase())
      return inside && matches ? [...others, event.schedule] : others
    })
  }, [fromIso, toIso, term])

  return { items, loading, error, reload: () => setRound((r) => r + 1), apply }
}
