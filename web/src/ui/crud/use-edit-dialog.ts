import { useState } from 'react'
import type { PagedList } from '../use-paged-list.ts'

/** What a list page's add/edit dialog takes: `current` absent adds a new item. */
export interface EditDialogProps<T> {
  open: boolean
  current?: T
  onClose: () => void
  onSaved: (item: T) => void
}

/**
 * Which item a list page's dialog edits (`edit('new')` for a blank one) and the props for that dialog. An edited item
 * changes in place; a new one is placed where the server's order puts it, so a paged list is read again, while a
 * list read whole and ordered in the page (`newItems: 'upsert'`) takes it as it is.
 */
export function useEditDialog<T>(list: Pick<PagedList<T>, 'reload' | 'upsert'>, options: { newItems?: 'reload' | 'upsert' } = {}): { edit: (item: T | 'new') => void; dialog: EditDialogProps<T> } {
  const [editing, setEditing] = useState<T | 'new' | null>(null)
  return {
    edit: setEditing,
    dialog: {
      open: editing !== null,
      current: editing === 'new' || editing === null ? undefined : editing,
      onClose: () => setEditing(null),
      onSaved: (item) => (editing === 'new' && options.newItems !== 'upsert' ? list.reload() : list.upsert(item)),
    },
  }
}
