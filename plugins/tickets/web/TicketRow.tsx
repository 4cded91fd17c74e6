import { Button, Icon, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { KeyboardEvent, MouseEvent } from 'react'
import { TicketAvatar } from './TicketAvatar.tsx'
import { formatTicketTime } from './ticket-time.ts'
import type { Ticket } from './types.ts'

export interface RowActions {
  busy: number | null
  accept: (t: Ticket) => void
  finish: (t: Ticket) => void
  reopen: (t: Ticket) => void
  open: (t: Ticket) => void
  /** Admins only: the read-only look into a conversation. */
  peek?: (t: Ticket) => void
  /** A waiting ticket's row: a read-only look, with Accept at hand. */
  preview: (t: Ticket) => void
}

const NO_QUEUE_COLOR = '#7c7c7c'

/** One ticket of the list: queue colour bar, contact, last message, time, unread count, labels and actions. */
export function TicketRow({ ticket, selected, actions }: { ticket: Ticket; selected: boolean; actions: RowActions }) {
  const { t } = useTranslation('tickets')
  const pending = ticket.status === 'pending'
  const busy = actions.busy === ticket.id
  // a waiting ticket is taken with Accept; a click only previews it (read-only, nothing marked read)
  const openRow = () => (pending ? actions.preview(ticket) : actions.open(ticket))
  const stop = (fn: (t: Ticket) => void) => (e: MouseEvent) => {
    e.stopPropagation()
    fn(ticket)
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') openRow()
  }
  const queueName = ticket.queue?.name ?? t('noQueue')

  return (
    <div
      className={`zd-ticket-row${selected ? ' is-selected' : ''}${pending ? ' is-pending' : ''}`}
      role="button"
      tabIndex={0}
      onClick={openRow}
      onKeyDown={onKey}
      data-testid="ticket-row"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
    >
      <span className="zd-ticket-row__bar" style={{ background: ticket.queue?.color ?? NO_QUEUE_COLOR }} title={queueName} />
      <TicketAvatar name={ticket.contact?.name ?? '?'} url={ticket.contact?.profilePicUrl} />
      <div className="zd-ticket-row__main">
        <div className="zd-ticket-row__top">
          <strong className="zd-ellipsis" data-testid="ticket-contact">{ticket.contact?.name}</strong>
          {ticket.chatbot && <Icon icon="predictive-analysis" size={12} title={t('row.chatbot')} className="zd-ticket-row__bot" />}
          <span className="zd-ticket-row__time">{formatTicketTime(ticket.updatedAt)}</span>
        </div>
        <div className="zd-ticket-row__middle">
          <span className="zd-ticket-row__last zd-ellipsis" data-testid="ticket-last-message">{ticket.lastMessage ?? ''}</span>
          {ticket.unreadMessages > 0 && (
            <span className="zd-ticket-row__unread" title={t('row.unread', { count: ticket.unreadMessages })} data-testid="ticket-unread">{ticket.unreadMessages}</span>
          )}
        </div>
        <div className="zd-ticket-row__labels">
          {ticket.whatsapp?.name && <Tag minimal icon="mobile-phone">{ticket.whatsapp.name}</Tag>}
          {ticket.user?.name && <Tag minimal icon="person">{ticket.user.name}</Tag>}
          <Tag style={{ background: ticket.queue?.color ?? NO_QUEUE_COLOR }} data-testid="ticket-queue">{queueName}</Tag>
          {(ticket.tags ?? []).map((tag) => (
            <Tag key={tag.id} round style={{ background: tag.color }}>{tag.name}</Tag>
          ))}
        </div>
      </div>
      <div className="zd-ticket-row__actions">
        {pending && <Button size="small" intent="success" text={t('row.accept')} loading={busy} onClick={stop(actions.accept)} data-testid="ticket-accept" />}
        {ticket.status !== 'closed' && (
          <Button size="small" variant="minimal" icon="tick" intent="primary" title={t('row.finish')} aria-label={t('row.finish')} loading={busy && !pending} disabled={busy} onClick={stop(actions.finish)} data-testid="ticket-finish" />
        )}
        {ticket.status === 'closed' && (
          <Button size="small" variant="minimal" icon="undo" title={t('row.reopen')} aria-label={t('row.reopen')} loading={busy} onClick={stop(actions.reopen)} data-testid="ticket-reopen" />
        )}
        {actions.peek && (
          <Button size="small" variant="minimal" icon="eye-open" title={t('row.peek')} aria-label={t('row.peek')} onClick={stop(actions.peek)} data-testid="ticket-peek" />
        )}
      </div>
    </div>
  )
}
