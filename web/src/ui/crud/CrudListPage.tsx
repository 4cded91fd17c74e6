import type { ReactNode } from 'react'
import { InputGroup } from '@blueprintjs/core'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { PageHeader } from '../PageHeader.tsx'
import { DataTable, type DataTableProps } from './DataTable.tsx'
import type { CrudList } from './use-crud-list.ts'
import type { PagedList } from '../use-paged-list.ts'
import type { ConfirmDelete } from './use-confirm-delete.ts'

export interface CrudListPageProps<T> extends Omit<DataTableProps<T>, 'list'> {
  title: ReactNode
  /** The header's count text for the list's total (an i18n plural), shown once the server told the total. */
  countText: (count: number) => string
  /** A list read whole counts its rows (kept right by live changes) instead of the server's total. */
  countRows?: boolean
  /** A searchable list (useCrudList), or a list without search (useWholeList, useKeptList). */
  crud: CrudList<T> | { list: PagedList<T> }
  search?: { placeholder: string; testId?: string; hint?: string }
  /** Header buttons after the search box (add, import, export, ...). */
  headerActions?: ReactNode
  /** The delete confirmation, with its title for the item and an optional explanation. */
  deletion?: { state: ConfirmDelete<T>; title: (item: T) => string; text?: ReactNode }
  /** Dialogs and anything else the page renders. */
  children?: ReactNode
}

/**
 * A list page of the CRUD kit: header with title, live count, search box and actions; the table (DataTable) with
 * infinite scroll, empty / loading / error states; the delete confirmation. Pages keep their own dialogs as children.
 */
export function CrudListPage<T>({ title, countText, countRows, crud, search, headerActions, deletion, children, ...table }: CrudListPageProps<T>) {
  const { list } = crud
  const count = countRows ? (list.loading && !list.items.length ? undefined : list.items.length) : list.count
  return (
    <div className="zd-page zd-page--fill">
      <PageHeader
        title={title}
        count={count != null ? countText(count) : undefined}
        actions={
          <>
            {search && 'setSearch' in crud && (
              <InputGroup type="search" leftIcon="search" placeholder={search.placeholder} aria-label={search.placeholder} value={crud.search}
                onChange={(e) => crud.setSearch(e.target.value)} className="zd-search" title={search.hint} data-testid={search.testId} />
            )}
            {headerActions}
          </>
        }
      />
      <DataTable list={list} {...table} />
      {children}
      {deletion && (
        <ConfirmDialog open={deletion.state.target !== null} title={deletion.state.target !== null ? deletion.title(deletion.state.target) : ''}
          busy={deletion.state.busy} onConfirm={deletion.state.confirm} onCancel={deletion.state.cancel}>
          {deletion.text}
        </ConfirmDialog>
      )}
    </div>
  )
}
