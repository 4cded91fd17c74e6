import { useEffect, useState } from 'react'
import { Button, Tab, Tabs } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { NARROW_QUERY, useMediaQuery } from '@zapdesk/plugin-api/web'
import { TicketsManager } from './TicketsManager.tsx'
import { TicketView } from './TicketView.tsx'
import { WelcomePanel } from './WelcomePanel.tsx'
import './tickets.css'

/**
 * /tickets/:ticketId? (the ticket's uuid). Wide screens: list left, conversation right. Narrow screens: two tabs,
 * Ticket and Atendimentos; the list stays mounted behind the Ticket tab so it keeps its rows and live updates.
 */
export default function TicketsPage() {
  const { t } = useTranslation('tickets')
  const { ticketId } = useParams()
  const narrow = useMediaQuery(NARROW_QUERY)
  const [pane, setPane] = useState<'ticket' | 'list'>(ticketId ? 'ticket' : 'list')

  // choosing a ticket in the list shows it; leaving it (closed, returned, deleted) shows the list again
  useEffect(() => setPane(ticketId ? 'ticket' : 'list'), [ticketId])

  const view = ticketId ? <TicketView key={ticketId} uuid={ticketId} /> : null
  if (!narrow) {
    return (
      <div className="zd-tickets" data-testid="tickets-page">
        <TicketsManager selectedUuid={ticketId} />
        <div className="zd-tickets__conversation">{view ?? <WelcomePanel />}</div>
      </div>
    )
  }
  return (
    <div className="zd-tickets is-narrow" data-testid="tickets-page">
      <Tabs id="tickets-narrow" selectedTabId={pane} onChange={(id) => setPane(id as 'ticket' | 'list')} fill className="zd-tickets__narrow-tabs">
        <Tab id="ticket" icon="chat" title={t('narrow.ticket')} data-testid="narrow-tab-ticket" />
        <Tab id="list" icon="inbox" title={t('narrow.list')} data-testid="narrow-tab-list" />
      </Tabs>
      <div className="zd-tickets__pane" hidden={pane !== 'list'}>
        <TicketsManager selectedUuid={ticketId} />
      </div>
      {pane === 'ticket' && (
        <div className="zd-tickets__pane">
          {view ?? (
            <div className="zd-ticket-welcome">
              <Button intent="primary" icon="inbox" text={t('narrow.select')} onClick={() => setPane('list')} data-testid="narrow-select" />
            </div>
          )}
        </div>
      )}
    </div>
  )
}
