import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, toastError, toastFailure, toastWarning, useRealtime } from '@zapdesk/plugin-api/web'
import { chartDays, dashboardQuery, validDays, type Filter } from './filters.ts'
import type { DashboardAnswer, TicketsDayAnswer, TicketsUsersAnswer } from './types.ts'

/**
 * Tickets move all day long: every change schedules one refresh this long after the first of a burst, so a busy
 * company reloads the dashboard every few seconds at most, not once per event.
 */
export const REFRESH_DELAY_MS = 2000

export interface Loaded<T> { data: T | null; loading: boolean }

type Query = Record<string, string | number>

/** GETs `path` whenever the request or `tick` changes; the previous answer stays on screen while a refresh runs. */
function useLoad<T>(path: string, query: Query | null, tick: number, onError: (e: unknown) => void): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: null, loading: query !== null })
  const key = query ? JSON.stringify(query) : null
  const errorRef = useRef(onError)
  errorRef.current = onError
  const lastKey = useRef<string | null>(null)

  useEffect(() => {
    if (key === null) {
      setState({ data: null, loading: false })
      return
    }
    const sameRequest = lastKey.current === key
    lastKey.current = key
    const ctrl = new AbortController()
    setState((s) => ({ data: sameRequest ? s.data : null, loading: true }))
    api.get<T>(path, { query: JSON.parse(key) as Query, signal: ctrl.signal })
      .then((data) => setState({ data, loading: false }))
      .catch((e: unknown) => {
        if (ctrl.signal.aborted) return
        setState((s) => ({ data: s.data, loading: false }))
        errorRef.current(e)
      })
    return () => ctrl.abort()
  }, [path, key, tick])
  return state
}

/** Everything the dashboard shows for a filter, refreshed live while tickets, contacts and users change. */
export function useDashboard(filter: Filter) {
  const { t } = useTranslation('dashboard')
  const [tick, setTick] = useState(0)
  const query = useMemo(() => dashboardQuery(filter), [filter])
  const days = useMemo(() => {
    const d = chartDays(filter)
    return d && validDays(d) ? d : null
  }, [filter])

  useEffect(() => {
    if (!query) toastWarning(t('errors.ERR_DASHBOARD_FILTER_REQUIRED'), undefined, 'dashboard-filter')
  }, [query, t])

  const stats = useLoad<DashboardAnswer>('/dashboard', query, tick, toastError)
  const perUser = useLoad<TicketsUsersAnswer>('/dashboard/ticketsUsers', days, tick, (e) => toastFailure(e, t('chartUsersFailed')))
  const perDay = useLoad<TicketsDayAnswer>('/dashboard/ticketsDay', days, tick, (e) => toastFailure(e, t('chartDaysFailed')))

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const scheduleRefresh = useCallback(() => {
    if (timer.current) return
    timer.current = setTimeout(() => {
      timer.current = null
      setTick((n) => n + 1)
    }, REFRESH_DELAY_MS)
  }, [])
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current)
  }, [])
  useRealtime('ticket', scheduleRefresh)
  useRealtime('contact', scheduleRefresh)
  useRealtime('user', scheduleRefresh)

  return { stats, perUser, perDay, days }
}
