import { useState, type ReactNode } from 'react'
import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { ConfirmDialog, toastError, toastSuccess, useSession } from '@zapdesk/plugin-api/web'
import { deleteTicket } from './ticket-api.ts'
import type { Ticket } from './types.ts'

/**
 * The header's "more" menu: transfer, and delete for roles holding 'ticket-options:deleteTicket'; on a phone also the
 * header's own actions (`extra`), which do not fit beside the contact's name.
 */
export function TicketOptionsMenu({ ticket, onTransfer, extra }: { ticket: Ticket; onTransfer: () => void; extra?: ReactNode }) {
  const { t } = useTranslation('tickets')
  const navigate = useNavigate()
  const { can } = useSession()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const mayDelete = can('ticket-options:deleteTicket')

  async function remove() {
    setBusy(true)
    try {
      await deleteTicket(ticket.id)
      toastSuccess(t('options.deleted'))
      setConfirming(false)
      navigate('/tickets')
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  const menu = (
    <Menu data-testid="ticket-options-menu">
      {extra}
      <MenuItem icon="swap-horizontal" text={t('header.transfer')} onClick={onTransfer} data-testid="ticket-options-transfer" />
      {mayDelete && <MenuItem icon="trash" intent="danger" text={t('options.delete')} onClick={() => setConfirming(true)} data-testid="ticket-options-delete" />}
    </Menu>
  )
  return (
    <>
      <PopoverNext content={menu} placement="bottom-end">
        <Button variant="minimal" icon="more" aria-label={t('header.options')} title={t('header.options')} data-testid="ticket-options" />
      </PopoverNext>
      <ConfirmDialog open={confirming} title={t('core:common.confirmDelete')} busy={busy} onConfirm={remove} onCancel={() => setConfirming(false)}>
        <p className="zd-muted">{t('options.deleteText', { name: ticket.contact?.name ?? '' })}</p>
      </ConfirmDialog>
    </>
  )
}
