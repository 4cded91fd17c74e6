import { useCallback, useState } from 'react'
import { Tab, Tabs, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useDebouncedValue, useSession } from '@zapdesk/plugin-api/web'
import { PanelToolbar } from './PanelToolbar.tsx'
import { SearchBar } from './SearchBar.tsx'
import { TicketsList } from './TicketsList.tsx'
import { NewTicketDialog } from './NewTicketDialog.tsx'
import { PeekDialog } from './PeekDialog.tsx'
import { useQueueFilter } from './use-queue-filter.ts'
import { useTicketActions } from './use-ticket-actions.ts'
import type { TicketFilter, TicketTab } from './ticket-filters.ts'
import type { RowActions } from './TicketRow.tsx'
import type { Ticket } from './types.ts'

type MainTab = 'open' | 'closed' | 'search'

/** The list panel: open (Atendendo / Aguardando), closed and search tabs, their filters and the new-ticket dialog. */
export function TicketsManager({ selectedUuid }: { selectedUuid?: string }) {
  const { t } = useTranslation('tickets')
  const navigate = useNavigate()
  const { user, isAdmin, can } = useSession()
  const mayShowAll = can('tickets-manager:showall')
  const [tab, setTab] = useState<MainTab>('open')
  const [sub, setSub] = useState<'open' | 'pending'>('open')
  const [showAll, setShowAll] = useState(isAdmin && mayShowAll)
  const [unread, setUnread] = useState(false)
  const [text, setText] = useState('')
  const searchParam = useDebouncedValue(text)
  const [tags, setTags] = useState<number[]>([])
  const [users, setUsers] = useState<number[]>([])
  const queueFilter = useQueueFilter()
  const [counts, setCounts] = useState({ open: 0, pending: 0 })
  const onOpenCount = useCallback((n: number) => setCounts((c) => ({ ...c, open: n })), [])
  const onPendingCount = useCallback((n: number) => setCounts((c) => ({ ...c, pending: n })), [])
  const [creating, setCreating] = useState(false)
  const [peeking, setPeeking] = useState<Ticket | null>(null)
  const actions = useTicketActions()

  const rowActions: RowActions = {
    ...actions,
    // an accepted ticket is now one of "Atendendo": show that list, where its row went
    accept: async (ticket) => (await actions.accept(ticket)) && setSub('open'),
    open: (ticket) => navigate(`/tickets/${ticket.uuid}`),
    peek: isAdmin ? setPeeking : undefined,
    preview: setPeeking,
  }
  const acceptPeeked = async (ticket: Ticket) => {
    if (await actions.accept(ticket)) {
      setPeeking(null)
      setSub('open')
    }
  }
  const filter = (tabId: TicketTab): TicketFilter => ({
    tab: tabId, searchParam, tags, users: isAdmin ? users : [], queueIds: queueFilter.sent, showAll: mayShowAll && showAll, withUnreadMessages: unread,
  })
  const common = { meId: user?.id ?? 0, enabled: queueFilter.ready, selectedUuid, actions: rowActions }

  return (
    <section className="zd-split-list zd-tickets-panel" aria-label={t('panel.label')}>
      <Tabs id="tickets-tabs" selectedTabId={tab} onChange={(id) => setTab(id as MainTab)} fill className="zd-tickets-tabs">
        <Tab id="open" icon="inbox" title={t('tabs.open')} data-testid="tickets-tab-open" />
        <Tab id="closed" icon="tick-circle" title={t('tabs.closed')} data-testid="tickets-tab-closed" />
        <Tab id="search" icon="search" title={t('tabs.search')} data-testid="tickets-tab-search" />
      </Tabs>
      {tab === 'search' ? (
        <SearchBar text={text} onText={setText} tags={tags} onTags={setTags} users={isAdmin ? { value: users, onChange: setUsers } : undefined}
          unread={unread} onUnread={setUnread} {...queueFilter.props} />
      ) : (
        <PanelToolbar onNew={() => setCreating(true)} showAll={mayShowAll ? { value: showAll, onChange: setShowAll } : undefined}
          unread={unread} onUnread={setUnread} {...queueFilter.props} />
      )}
      {tab === 'open' && (
        <Tabs id="tickets-open-tabs" selectedTabId={sub} onChange={(id) => setSub(id as 'open' | 'pending')} fill className="zd-tickets-subtabs">
          <Tab id="open" title={<>{t('tabs.assigned')} <Tag round minimal intent="primary" data-testid="count-open">{counts.open}</Tag></>} data-testid="tickets-tab-assigned" />
          <Tab id="pending" title={<>{t('tabs.pending')} <Tag round minimal intent="warning" data-testid="count-pending">{counts.pending}</Tag></>} data-testid="tickets-tab-pending" />
        </Tabs>
      )}
      {/* both open sub-lists stay mounted: their counts show on the sub-tabs and follow live events */}
      <TicketsList {...common} filter={filter('open')} hidden={tab !== 'open' || sub !== 'open'} onCount={onOpenCount} />
      <TicketsList {...common} filter={filter('pending')} hidden={tab !== 'open' || sub !== 'pending'} onCount={onPendingCount} />
      {tab === 'closed' && <TicketsList {...common} filter={filter('closed')} />}
      {tab === 'search' && <TicketsList {...common} filter={filter('search')} />}
      <NewTicketDialog open={creating} onClose={() => setCreating(false)} />
      <PeekDialog ticket={peeking} onClose={() => setPeeking(null)} onAccept={acceptPeeked} accepting={actions.busy === peeking?.id} />
    </section>
  )
}
