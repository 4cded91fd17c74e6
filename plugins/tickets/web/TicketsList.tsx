import { useEffect, useRef } from 'react'
import { Button, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@zapdesk/plugin-api/web'
import { TicketRow, type RowActions } from './TicketRow.tsx'
import { useTicketList } from './use-ticket-list.ts'
import type { TicketFilter } from './ticket-filters.ts'

interface Props {
  filter: TicketFilter
  meId: number
  /** Waits while the filter is not known yet (the queue options are loading). */
  enabled: boolean
  /** Kept mounted but not shown (the other sub-tab), so its count and live rows stay current. */
  hidden?: boolean
  selectedUuid?: string
  actions: RowActions
  onCount?: (count: number) => void
}

export function TicketsList({ filter, meId, enabled, hidden, selectedUuid, actions, onCount }: Props) {
  const { t } = useTranslation('tickets')
  const list = useTicketList(filter, meId, enabled)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => onCount?.(list.count), [list.count, onCount])

  // a short first page leaves no scrollbar, so no scroll event would ever ask for the next one
  useEffect(() => {
    const el = ref.current
    if (!hidden && el && list.hasMore && !list.loading && !list.error && list.page > 0 && el.scrollHeight <= el.clientHeight + 1) list.loadMore()
  }, [hidden, list, list.items.length])

  const empty = !list.loading && list.page > 0 && list.items.length === 0
  return (
    <div className="zd-tickets-list" ref={ref} onScroll={list.onScroll} hidden={hidden} data-testid={`tickets-list-${filter.tab}`}>
      {list.items.map((ticket) => (
        <TicketRow key={ticket.id} ticket={ticket} selected={ticket.uuid === selectedUuid} actions={actions} />
      ))}
      {(list.loading || !enabled) && (
        <div className="zd-tickets-list__loading" role="status" aria-label={t('core:common.loading')}><Spinner size={24} /></div>
      )}
      {empty && list.error && (
        <EmptyState icon="error" title={t('list.loadError')} action={<Button icon="refresh" text={t('core:common.retry')} onClick={list.reload} />} />
      )}
      {empty && !list.error && <EmptyState icon="chat" title={t('list.emptyTitle')} description={t(filter.tab === 'search' ? 'list.emptySearch' : 'list.emptyText')} />}
      {!empty && list.error && (
        <div className="zd-tickets-list__retry"><Button size="small" icon="refresh" text={t('core:common.retry')} onClick={list.reload} /></div>
      )}
    </div>
  )
}
