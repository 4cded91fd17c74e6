import { Button, Switch } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { CheckListFilter } from './CheckListFilter.tsx'
import type { Option } from './types.ts'

interface Props {
  onNew: () => void
  /** Absent: the user's role does not hold 'tickets-manager:showall', so no switch. */
  showAll?: { value: boolean; onChange: (v: boolean) => void }
  unread: boolean
  onUnread: (v: boolean) => void
  queues: Option[] | null
  queueIds: number[]
  onQueues: (ids: number[]) => void
}

/** Above the open and closed lists: new ticket, show-all, unread only, queue filter. */
export function PanelToolbar({ onNew, showAll, unread, onUnread, queues, queueIds, onQueues }: Props) {
  const { t } = useTranslation('tickets')
  return (
    <div className="zd-tickets-toolbar">
      <Button size="small" intent="primary" icon="add" text={t('panel.new')} onClick={onNew} data-testid="ticket-new" />
      {showAll && (
        <Switch className="zd-tickets-toolbar__switch" checked={showAll.value} label={t('panel.showAll')} onChange={(e) => showAll.onChange(e.currentTarget.checked)} data-testid="tickets-show-all" />
      )}
      <Switch className="zd-tickets-toolbar__switch" checked={unread} label={t('panel.unread')} onChange={(e) => onUnread(e.currentTarget.checked)} data-testid="tickets-unread" />
      <span className="zd-spacer" />
      <CheckListFilter icon="layers" label={t('filters.queues')} options={queues} selected={queueIds} onChange={onQueues} testId="tickets-queue-filter" />
    </div>
  )
}
