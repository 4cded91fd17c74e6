import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { toastError, toastWarning, useSession } from '@zapdesk/plugin-api/web'
import { updateTicket } from './ticket-api.ts'
import { acceptBody, finishBody, reopenBody, returnBody, type TicketUpdate } from './ticket-bodies.ts'
import { heldByOther, otherOpenTicket } from './other-open-ticket.ts'
import type { Ticket } from './types.ts'

/**
 * Spec: when the contact already has an open ticket, say whose it is (name and queue) if another user holds it,
 * otherwise open that ticket instead. Returns false for any other failure, so callers toast it their way.
 */
export function useOtherOpenTicket() {
  const { t } = useTranslation('tickets')
  const navigate = useNavigate()
  const { user } = useSession()
  return (error: unknown): boolean => {
    const other = otherOpenTicket(error)
    if (!other) return false
    if (heldByOther(other, user?.id)) {
      toastWarning(t('otherOpen.heldBy', { user: other.userName ?? '?', queue: other.queueName ?? t('noQueue') }), 4000)
    } else if (other.uuid) {
      navigate(`/tickets/${other.uuid}`)
    } else {
      toastError(error)
    }
    return true
  }
}

/** The row and header buttons: accept, finish, return, reopen, with the spec's navigation after each. */
export function useTicketActions() {
  const navigate = useNavigate()
  const { ticketId: openUuid } = useParams()
  const { user } = useSession()
  const onOtherOpen = useOtherOpenTicket()
  const [busy, setBusy] = useState<number | null>(null)
  const meId = user?.id ?? 0

  /** Resolves true once the change is saved. */
  async function run(ticket: Ticket, body: TicketUpdate, after: () => void): Promise<boolean> {
    setBusy(ticket.id)
    try {
      await updateTicket(ticket.id, body)
      after()
      return true
    } catch (e) {
      if (!onOtherOpen(e)) toastError(e)
      return false
    } finally {
      setBusy(null)
    }
  }

  const open = (ticket: Ticket) => () => navigate(`/tickets/${ticket.uuid}`)
  // closing or returning the ticket on screen clears it (spec); another row's leaves the screen alone
  const leave = (ticket: Ticket) => () => {
    if (openUuid === ticket.uuid) navigate('/tickets')
  }

  return {
    busy,
    accept: (ticket: Ticket) => run(ticket, acceptBody(meId), open(ticket)),
    reopen: (ticket: Ticket) => run(ticket, reopenBody(ticket, meId), open(ticket)),
    finish: (ticket: Ticket) => run(ticket, finishBody(), leave(ticket)),
    giveBack: (ticket: Ticket) => run(ticket, returnBody(), leave(ticket)),
  }
}
