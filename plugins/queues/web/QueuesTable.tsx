import { Button, HTMLTable, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@zapdesk/plugin-api/web'
import type { Queue } from './types.ts'

interface Props {
  queues: Queue[] | null
  failed: boolean
  onRetry: () => void
  onEdit: (queue: Queue) => void
  onDelete: (queue: Queue) => void
}

/** Spec columns: id, name, colour swatch, order, greeting, edit and delete. */
export function QueuesTable({ queues, failed, onRetry, onEdit, onDelete }: Props) {
  const { t } = useTranslation('queues')
  if (!queues) return <Spinner size={32} className="zd-spinner" />
  if (!queues.length) {
    return failed ? (
      <EmptyState icon="error" title={t('core:common.loadError')} action={<Button icon="refresh" text={t('core:common.retry')} onClick={onRetry} />} />
    ) : (
      <EmptyState icon="layers" title={t('empty')} description={t('emptyHint')} />
    )
  }
  return (
    <div className="zd-table-card" data-testid="queues-table">
      <HTMLTable interactive striped className="zd-table">
        <thead>
          <tr>
            <th className="zd-col-id">{t('columns.id')}</th>
            <th>{t('columns.name')}</th>
            <th>{t('columns.color')}</th>
            <th>{t('columns.order')}</th>
            <th className="zd-hide-narrow">{t('columns.greeting')}</th>
            <th className="zd-col-actions">{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {queues.map((q) => (
            <tr key={q.id} data-queue-id={q.id}>
              <td className="zd-col-id">{q.id}</td>
              <td>{q.name}</td>
              <td>
                <span className="zd-queue-color" style={{ background: q.color }} title={q.color} />
              </td>
              <td>{q.orderQueue ?? '–'}</td>
              <td className="zd-hide-narrow">
                <span className="zd-ellipsis zd-queue-greeting">{q.greetingMessage ?? ''}</span>
              </td>
              <td className="zd-col-actions">
                <Button variant="minimal" icon="edit" aria-label={t('core:common.edit')} title={t('core:common.edit')} onClick={() => onEdit(q)} />
                <Button variant="minimal" icon="trash" intent="danger" aria-label={t('core:common.delete')} title={t('core:common.delete')} onClick={() => onDelete(q)} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  )
}
