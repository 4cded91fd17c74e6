import { useRef } from 'react'
import { Button, HTMLTable, Spinner, Tag as Chip } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { EmptyState, useFillContainer, type PagedList } from '@zapdesk/plugin-api/web'
import { textOn, type Tag } from './types.ts'

interface Props {
  list: PagedList<Tag>
  term: string
  onEdit: (tag: Tag) => void
  onDelete: (tag: Tag) => void
}

export function TagsTable({ list, term, onEdit, onDelete }: Props) {
  const { t } = useTranslation('tags')
  const ref = useRef<HTMLDivElement>(null)
  useFillContainer(ref, list as PagedList<unknown>)

  if (!list.loading && list.items.length === 0) {
    return list.error ? (
      <EmptyState icon="error" title={t('core:common.loadError')} action={<Button icon="refresh" text={t('core:common.retry')} onClick={list.reload} />} />
    ) : (
      <EmptyState icon="tag" title={term ? t('emptySearch', { term }) : t('empty')} />
    )
  }
  return (
    <div className="zd-table-card" ref={ref} onScroll={list.onScroll} data-testid="tags-table">
      <HTMLTable interactive striped className="zd-table">
        <thead>
          <tr>
            <th>{t('columns.name')}</th>
            <th>{t('columns.tickets')}</th>
            <th className="zd-col-actions">{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((tag) => (
            <tr key={tag.id} data-tag-id={tag.id}>
              <td>
                <Chip round style={{ background: tag.color, color: textOn(tag.color) }}>{tag.name}</Chip>
                {tag.kanban === 1 && <Chip minimal round icon="column-layout" className="zd-ml">{t('kanbanBadge')}</Chip>}
              </td>
              <td>{tag.ticketsCount}</td>
              <td className="zd-col-actions">
                <Button variant="minimal" icon="edit" aria-label={t('core:common.edit')} title={t('core:common.edit')} onClick={() => onEdit(tag)} />
                <Button variant="minimal" icon="trash" intent="danger" aria-label={t('core:common.delete')} title={t('core:common.delete')} onClick={() => onDelete(tag)} />
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
