import { useState } from 'react'
import { Button, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, liveRecords, useConfirmDelete, useCrudList, type Column } from '@zapdesk/plugin-api/web'
import type { Queue } from './types.ts'
import { QueueDialog } from './QueueDialog.tsx'
import './queues.css'

const live = liveRecords<Queue>('queue', { record: 'queue', id: 'queueId' })

const byMenuOrder = (a: Queue, b: Queue) =>
  (a.orderQueue ?? Infinity) - (b.orderQueue ?? Infinity) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id

/** A company has a handful of queues: read whole (no paging), shown in menu order, kept live by the `queue` topic. */
async function fetchQueues(_page: number, _search: string, signal: AbortSignal) {
  const items = await api.get<Queue[]>('/queue', { signal })
  return { items, hasMore: false }
}

/** Spec columns: id, name, colour swatch, order, greeting, edit and delete. */
export default function QueuesPage() {
  const { t } = useTranslation('queues')
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const crud = useCrudList<Queue>({
    fetchPage: fetchQueues,
    key: (q) => q.id,
    live,
  })
  const deletion = useConfirmDelete<Queue>((q) => api.del(`/queue/${q.id}`), (q) => crud.list.remove(q), t('deleted'))
  // At phone width the id and the menu order give way: the name, colour, hours and actions stay in view.
  const columns: Column<Queue>[] = [
    { key: 'id', header: t('columns.id'), className: 'zd-col-id zd-hide-narrow', cell: (q) => q.id },
    { key: 'name', header: t('columns.name'), cell: (q) => q.name },
    { key: 'color', header: t('columns.color'), cell: (q) => <span className="zd-queue-color" style={{ background: q.color }} title={q.color} /> },
    { key: 'order', header: t('columns.order'), className: 'zd-hide-narrow', cell: (q) => q.orderQueue ?? '–' },
    {
      key: 'hours', header: t('columns.hours'),
      cell: (q) => q.hours && <Tag minimal round multiline intent={q.hours === 'open' ? 'success' : q.hours === 'closed' ? 'warning' : 'none'} data-testid="queue-hours">{t(`hours.${q.hours}`)}</Tag>,
    },
    { key: 'greeting', header: t('columns.greeting'), className: 'zd-hide-narrow', cell: (q) => <span className="zd-ellipsis zd-queue-greeting">{q.greetingMessage ?? ''}</span> },
  ]

  return (
    <CrudListPage<Queue>
      title={t('title')} countText={(count) => t('count', { count })} countRows crud={crud}
      headerActions={<Button intent="primary" icon="add" text={t('add')} onClick={() => setEditing({})} data-testid="add-queue" />}
      columns={columns} rowKey={(q) => q.id} rowProps={(q) => ({ 'data-queue-id': q.id })} order={byMenuOrder}
      actions={{ onEdit: (q) => setEditing({ id: q.id }), onDelete: deletion.ask }}
      empty={{ icon: 'layers', title: t('empty'), description: t('emptyHint') }}
      testId="queues-table"
      deletion={{ state: deletion, title: (q) => t('deleteTitle', { name: q.name }), text: <p className="zd-muted">{t('deleteText')}</p> }}
    >
      <QueueDialog
        open={editing !== null}
        queueId={editing?.id}
        takenColors={crud.list.items.filter((q) => q.id !== editing?.id).map((q) => q.color)}
        onClose={() => setEditing(null)}
        onSaved={(q) => crud.list.upsert(q)}
      />
    </CrudListPage>
  )
}
