import { useRef } from 'react'
import { Button, HTMLTable, Icon, Spinner, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { EmptyState, useFillContainer, useSession, type PagedList } from '@zapdesk/plugin-api/web'
import { canEdit, type QuickMessage } from './types.ts'

interface Props {
  list: PagedList<QuickMessage>
  term: string
  onEdit: (q: QuickMessage) => void
  onDelete: (q: QuickMessage) => void
}

export function QuickMessagesTable({ list, term, onEdit, onDelete }: Props) {
  const { t } = useTranslation('quick-messages')
  const { user } = useSession()
  const ref = useRef<HTMLDivElement>(null)
  useFillContainer(ref, list as PagedList<unknown>)

  if (!list.loading && list.items.length === 0) {
    return list.error ? (
      <EmptyState icon="error" title={t('core:common.loadError')} action={<Button icon="refresh" text={t('core:common.retry')} onClick={list.reload} />} />
    ) : (
      <EmptyState icon="flash" title={term ? t('emptySearch', { term }) : t('empty')} />
    )
  }

  return (
    <div className="zd-table-card" ref={ref} onScroll={list.onScroll} data-testid="quick-messages-table">
      <HTMLTable interactive striped className="zd-table">
        <thead>
          <tr>
            <th>{t('columns.shortcode')}</th>
            <th>{t('columns.attachment')}</th>
            <th className="zd-hide-narrow">{t('columns.scope')}</th>
            <th className="zd-col-actions">{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((q) => (
            <tr key={q.id} data-shortcode={q.shortcode}>
              <td>
                <strong>/{q.shortcode}</strong>
                {!q.status && <Tag minimal round className="zd-ml">{t('inactive')}</Tag>}
                {q.message && <div className="zd-muted" style={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{q.message}</div>}
              </td>
              <td>{q.mediaName ? <span><Icon icon="paperclip" size={12} /> {q.mediaName}</span> : <span className="zd-muted">{t('noAttachment')}</span>}</td>
              <td className="zd-hide-narrow">
                <Tag minimal intent={q.geral ? 'primary' : 'none'}>{q.geral ? t('scope.geral') : t('scope.personal')}</Tag>
              </td>
              <td className="zd-col-actions">
                {canEdit(q, user) && (
                  <>
                    <Button variant="minimal" icon="edit" aria-label={t('core:common.edit')} title={t('core:common.edit')} onClick={() => onEdit(q)} />
                    <Button variant="minimal" icon="trash" intent="danger" aria-label={t('core:common.delete')} title={t('core:common.delete')} onClick={() => onDelete(q)} />
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {list.loading && (
        <div className="zd-table-loading">
          <Spinner size={24} />
        </div>
      )}
    </div>
  )
}
