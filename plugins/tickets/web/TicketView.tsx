import { useState } from 'react'
import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { EmptyState, PageSpinner } from '@zapdesk/plugin-api/web'
import { TicketHeader } from './TicketHeader.tsx'
import { TicketTagsBar } from './TicketTagsBar.tsx'
import { TransferTicketDialog } from './TransferTicketDialog.tsx'
import { ConversationSlot } from './ConversationSlot.tsx'
import { useOpenTicket } from './use-open-ticket.ts'
import './ticket-view.css'

/** The right side: the open ticket's header, its conversation and the contact drawer. */
export function TicketView({ uuid }: { uuid: string }) {
  const { t } = useTranslation('tickets')
  const open = useOpenTicket(uuid)
  const [drawer, setDrawer] = useState(false)
  const [transferring, setTransferring] = useState(false)

  if (open.status === 'error') {
    return (
      <div className="zd-ticket-view">
        <EmptyState icon="error" title={t('view.loadError')} action={<Button icon="refresh" text={t('core:common.retry')} onClick={open.retry} />} />
      </div>
    )
  }
  const ticket = open.ticket
  if (!ticket) return <div className="zd-ticket-view"><PageSpinner /></div>
  return (
    <div className="zd-ticket-view" data-testid="ticket-view" data-ticket-id={ticket.id}>
      <TicketHeader ticket={ticket} onContact={() => setDrawer((v) => !v)} onTransfer={() => setTransferring(true)} />
      <TicketTagsBar ticket={ticket} />
      <ConversationSlot ticket={ticket} drawerOpen={drawer} onDrawerClose={() => setDrawer(false)} />
      <TransferTicketDialog ticket={transferring ? ticket : null} onClose={() => setTransferring(false)} />
    </div>
  )
}
