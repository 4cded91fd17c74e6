import { useRef, type HTMLAttributes, type ReactNode } from 'react'
import { Button, HTMLTable, Spinner, type IconName } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../EmptyState.tsx'
import { useFillContainer, type PagedList } from '../use-paged-list.ts'

export interface Column<T> {
  key: string
  header: ReactNode
  cell: (item: T) => ReactNode
  /** e.g. 'zd-hide-narrow' to drop the column at phone width. */
  className?: string
}

export interface RowActions<T> {
  onEdit?: (item: T) => void
  onDelete?: (item: T) => void
  /** Rows the user may not change show no edit/delete buttons. */
  editable?: (item: T) => boolean
  /** Rows shown with a disabled delete button (e.g. one's own user). */
  deletable?: (item: T) => boolean
  /** Buttons before edit/delete (connect, duplicate, ...). */
  extra?: (item: T) => ReactNode
  /** data-testid of the edit and delete buttons. */
  testIds?: { edit?: string; delete?: string }
}

export interface DataTableProps<T> {
  list: PagedList<T>
  columns: Column<T>[]
  rowKey: (item: T) => string | number
  /** Attributes of each row (data-* hooks for tests, a class). */
  rowProps?: (item: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number | undefined>
  actions?: RowActions<T>
  /** Shown when the list is empty: its icon and text (with a search term, say it matched nothing). */
  empty: { icon: IconName; title: ReactNode; description?: ReactNode; action?: React.JSX.Element }
  testId?: string
  /** Shows the rows in this order (a list read whole, e.g. by menu order) instead of the order they arrived in. */
  order?: (a: T, b: T) => number
  /** Rows pick an item (e.g. into an inline form above the table); the picked one is highlighted. */
  selection?: { selected: T | null; onSelect: (item: T) => void }
  /** Extra classes of the table's card (e.g. 'zd-table-card--auto' for a table under a form). */
  cardClassName?: string
}

/**
 * A list page's table: column headers, rows, edit/delete actions with labels and tooltips, infinite scroll (loads
 * the next page near the bottom, and until a short page fills the card), and the loading, empty and error (with
 * retry) states.
 */
export function DataTable<T>({ list, columns, rowKey, rowProps, actions, empty, testId, order, selection, cardClassName }: DataTableProps<T>) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  useFillContainer(ref, list as PagedList<unknown>)

  if (!list.loading && list.items.length === 0) {
    return list.error
      ? <EmptyState icon="error" title={t('common.loadError')} action={<Button icon="refresh" text={t('common.retry')} onClick={list.reload} />} />
      : <EmptyState icon={empty.icon} title={empty.title} description={empty.description} action={empty.action} />
  }
  const hasActions = Boolean(actions && (actions.onEdit || actions.onDelete || actions.extra))
  return (
    <div className={`zd-table-card${cardClassName ? ` ${cardClassName}` : ''}${list.refreshing ? ' is-refreshing' : ''}`} ref={ref} onScroll={list.onScroll} data-testid={testId} aria-busy={list.loading}>
      <HTMLTable interactive striped className="zd-table">
        <thead>
          <tr>
            {columns.map((c) => <th key={c.key} className={c.className}>{c.header}</th>)}
            {hasActions && <th className="zd-col-actions">{t('common.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {(order ? [...list.items].sort(order) : list.items).map((item) => (
            <tr key={rowKey(item)} {...rowProps?.(item)} {...(selection && selectable(item, selection, rowKey, rowProps?.(item).className))}>
              {columns.map((c) => <td key={c.key} className={c.className}>{c.cell(item)}</td>)}
              {hasActions && <td className="zd-col-actions">{actions && <ActionButtons item={item} actions={actions} />}</td>}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {list.loading && !list.refreshing && (
        <div className="zd-table-loading">
          <Spinner size={24} />
        </div>
      )}
    </div>
  )
}

function selectable<T>(item: T, selection: NonNullable<DataTableProps<T>['selection']>, rowKey: DataTableProps<T>['rowKey'], className?: string) {
  const picked = selection.selected !== null && rowKey(selection.selected) === rowKey(item)
  return { className: [className, picked ? 'is-selected' : ''].filter(Boolean).join(' ') || undefined, onClick: () => selection.onSelect(item), 'aria-selected': picked }
}

function ActionButtons<T>({ item, actions }: { item: T; actions: RowActions<T> }) {
  const { t } = useTranslation()
  const editable = actions.editable?.(item) ?? true
  return (
    <>
      {actions.extra?.(item)}
      {editable && actions.onEdit && <Button variant="minimal" icon="edit" aria-label={t('common.edit')} title={t('common.edit')} onClick={(e) => (e.stopPropagation(), actions.onEdit!(item))} data-testid={actions.testIds?.edit} />}
      {editable && actions.onDelete && <Button variant="minimal" icon="trash" intent="danger" aria-label={t('common.delete')} title={t('common.delete')} onClick={(e) => (e.stopPropagation(), actions.onDelete!(item))} disabled={actions.deletable ? !actions.deletable(item) : false} data-testid={actions.testIds?.delete} />}
    </>
  )
}
