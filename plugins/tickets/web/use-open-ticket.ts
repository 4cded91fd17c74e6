import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { isApiError, toastError, toastWarning, useRealtime, useRealtimeRoom } from '@zapdesk/plugin-api/web'
import { ticketByUuid } from './ticket-api.ts'
import type { AppMessageEvent, Ticket, TicketEvent } from './types.ts'

export type OpenTicket = { status: 'loading' | 'error'; ticket: null } | { status: 'ready'; ticket: Ticket }

/**
 * The ticket in the URL (GET /tickets/u/:uuid), kept current by live events. Outside the user's queues the server
 * answers 403: 'Acesso não permitido' and back to /tickets (spec); a deleted or unknown ticket also goes back.
 */
export function useOpenTicket(uuid: string) {
  const { t } = useTranslation('tickets')
  const navigate = useNavigate()
  const [state, setState] = useState<OpenTicket>({ status: 'loading', ticket: null })
  const [attempt, setAttempt] = useState(0)
  // t and navigate change identity (e.g. when another namespace's texts load): only the uuid may refetch, or the
  // conversation below would be torn down mid-typing
  const leave = useRef({ t, navigate })
  leave.current = { t, navigate }

  useEffect(() => {
    const { t, navigate } = leave.current
    const ac = new AbortController()
    setState({ status: 'loading', ticket: null })
    ticketByUuid(uuid, ac.signal).then(
      (ticket) => setState({ status: 'ready', ticket }),
      (e) => {
        if (ac.signal.aborted) return
        if (isApiError(e) && (e.status === 403 || e.code === 'ERR_NO_PERMISSION')) {
          toastWarning(t('noPermission'), undefined, 'tickets-no-permission')
          navigate('/tickets', { replace: true })
        } else if (isApiError(e) && (e.status === 404 || e.code === 'ERR_NO_TICKET_FOUND')) {
          toastError(e)
          navigate('/tickets', { replace: true })
        } else {
          toastError(e)
          setState({ status: 'error', ticket: null })
        }
      },
    )
    return () => ac.abort()
  }, [uuid, attempt])

  const id = state.ticket?.id
  useRealtimeRoom(id ? { type: 'joinChatBox', ticketId: String(id) } : null)
  useRealtime('ticket', (raw) => {
    const e = raw as unknown as TicketEvent
    if (!id) return
    if (e.action === 'delete' && e.ticketId === id) navigate('/tickets')
    else if (e.action === 'update' && e.ticket?.id === id) setState((s) => (s.ticket ? { status: 'ready', ticket: { ...s.ticket, ...e.ticket } } : s))
  })
  useRealtime('appMessage', (raw) => {
    const e = raw as unknown as AppMessageEvent
    if (id && e.ticket?.id === id) setState((s) => (s.ticket ? { status: 'ready', ticket: { ...s.ticket, ...e.ticket } } : s))
  })

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { ...state, retry }
}
