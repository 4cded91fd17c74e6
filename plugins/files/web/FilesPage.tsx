import { useCallback, useState } from 'react'
import { Button, Icon } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, useConfirmDelete, useCrudList, type Column } from '@zapdesk/plugin-api/web'
import type { FileEvent, FileList, FilesAnswer } from './types.ts'
import { FileListDialog } from './FileListDialog.tsx'

/** The spec's Files page: file lists with search and infinite scroll; each opens its dialog, deletes with a confirm. */
export default function FilesPage() {
  const { t } = useTranslation('files')
  const [editing, setEditing] = useState<FileList | 'new' | null>(null)
  const fetchPage = useCallback(async (page: number, searchParam: string, signal: AbortSignal) => {
    const answer = await api.get<FilesAnswer>('/files', { query: { searchParam, pageNumber: page }, signal })
    return { items: answer.files ?? [], hasMore: !!answer.hasMore, count: answer.count }
  }, [])
  const crud = useCrudList<FileList>({
    fetchPage,
    key: (f) => f.id,
    live: {
      topic: 'file',
      change: (raw) => {
        const data = raw as unknown as FileEvent
        return data.action === 'delete' ? { remove: { id: data.fileId } } : { upsert: data.file }
      },
    },
  })
  const deletion = useConfirmDelete<FileList>((f) => api.del(`/files/${f.id}`), (f) => crud.list.remove(f), t('deleted'))
  const columns: Column<FileList>[] = [
    {
      key: 'name', header: t('columns.name'), cell: (f) => (
        <>
          <strong>{f.name}</strong>
          <div className="zd-muted zd-ellipsis" style={{ maxWidth: 420 }}>{f.message}</div>
        </>
      ),
    },
    {
      key: 'files', header: t('columns.files'), cell: (f) => {
        const uploaded = f.options.filter((o) => o.path).length
        return <span><Icon icon="paperclip" size={12} /> {t('fileCount', { count: uploaded })}</span>
      },
    },
  ]
  return (
    <CrudListPage<FileList>
      title={t('title')} countText={(count) => t('count', { count })} crud={crud}
      search={{ placeholder: t('search') }}
      headerActions={<Button intent="primary" icon="add" text={t('add')} onClick={() => setEditing('new')} data-testid="files-add" />}
      columns={columns} rowKey={(f) => f.id} rowProps={(f) => ({ 'data-file-list': f.name })}
      actions={{ onEdit: setEditing, onDelete: deletion.ask, testIds: { edit: 'file-list-edit', delete: 'file-list-delete' } }}
      empty={{ icon: 'folder-open', title: crud.term ? t('emptySearch', { term: crud.term }) : t('empty'), description: crud.term ? undefined : t('emptyHint') }}
      testId="files-table"
      deletion={{ state: deletion, title: (f) => t('deleteTitle', { name: f.name }), text: t('deleteBody') }}
    >
      <FileListDialog open={editing !== null} current={editing === 'new' ? undefined : editing ?? undefined} onClose={() => setEditing(null)}
        onSaved={(f) => (editing === 'new' ? crud.list.reload() : crud.list.upsert(f))} />
    </CrudListPage>
  )
}
