import { Button, MenuItem } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { PHONE_QUERY, useMediaQuery } from '@zapdesk/plugin-api/web'
import { TicketAvatar } from './TicketAvatar.tsx'
import { TicketOptionsMenu } from './TicketOptionsMenu.tsx'
import { useTicketActions } from './use-ticket-actions.ts'
import type { Ticket } from './types.ts'

interface Props {
  ticket: Ticket
  onContact: () => void
  onTransfer: () => void
}

/**
 * Above the conversation: who it is (click opens the contact drawer), who holds it, and the status actions. On a
 * phone only the main action stays (as an icon), the others move into the options menu so the name keeps its room.
 */
export function TicketHeader({ ticket, onContact, onTransfer }: Props) {
  const { t } = useTranslation('tickets')
  const actions = useTicketActions()
  const busy = actions.busy === ticket.id
  const queue = ticket.queue?.name ?? t('noQueue')
  const phone = useMediaQuery(PHONE_QUERY)
  return (
    <header className="zd-ticket-header" data-testid="ticket-header" data-status={ticket.status}>
      <button type="button" className="zd-ticket-header__contact" onClick={onContact} title={t('header.contactInfo')} data-testid="ticket-contact-open">
        <TicketAvatar name={ticket.contact?.name ?? '?'} url={ticket.contact?.profilePicUrl} size={40} />
        <span className="zd-ticket-header__who">
          <strong className="zd-ellipsis">{ticket.contact?.name}</strong>
          <span className="zd-muted zd-ellipsis">
            {ticket.user ? t('header.assignedTo', { user: ticket.user.name, queue }) : t('header.waitingIn', { queue })}
          </span>
        </span>
      </button>
      <div className="zd-ticket-header__actions">
        {ticket.status === 'pending' && (
          <Button intent="success" icon="tick" text={phone ? undefined : t('row.accept')} aria-label={t('row.accept')} loading={busy} onClick={() => actions.accept(ticket)} data-testid="header-accept" />
        )}
        {ticket.status === 'open' && (
          <>
            {!phone && <Button variant="minimal" icon="undo" text={t('header.return')} disabled={busy} onClick={() => actions.giveBack(ticket)} data-testid="header-return" />}
            <Button intent="success" icon="tick" text={phone ? undefined : t('header.resolve')} aria-label={t('header.resolve')} loading={busy} onClick={() => actions.finish(ticket)} data-testid="header-resolve" />
          </>
        )}
        {ticket.status === 'closed' && (
          <Button icon="refresh" text={phone ? undefined : t('row.reopen')} aria-label={t('row.reopen')} loading={busy} onClick={() => actions.reopen(ticket)} data-testid="header-reopen" />
        )}
        {ticket.status !== 'closed' && !phone && (
          <Button variant="minimal" icon="swap-horizontal" aria-label={t('header.transfer')} title={t('header.transfer')} onClick={onTransfer} data-testid="header-transfer" />
        )}
        <TicketOptionsMenu ticket={ticket} onTransfer={onTransfer} extra={phone && ticket.status === 'open' && (
          <MenuItem icon="undo" text={t('header.return')} disabled={busy} onClick={() => actions.giveBack(ticket)} data-testid="ticket-options-return" />
        )} />
      </div>
    </header>
  )
}
