import { Button, Icon } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, listRoute, liveRecords, useConfirmDelete, useCrudList, useEditDialog, type Column } from '@zapdesk/plugin-api/web'
import type { FileList } from './types.ts'
import { FileListDialog } from './FileListDialog.tsx'

const fetchPage = listRoute<FileList>('/files', 'files')
const live = liveRecords<FileList>('file', { record: 'file', id: 'fileId' })

/** The spec's Files page: file lists with search and infinite scroll; each opens its dialog, deletes with a confirm. */
export default function FilesPage() {
  const { t } = useTranslation('files')
  const crud = useCrudList<FileList>({ fetchPage, key: (f) => f.id, live })
  const editor = useEditDialog(crud.list)
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
      headerActions={<Button intent="primary" icon="add" text={t('add')} onClick={() => editor.edit('new')} data-testid="files-add" />}
      columns={columns} rowKey={(f) => f.id} rowProps={(f) => ({ 'data-file-list': f.name })}
      actions={{ onEdit: editor.edit, onDelete: deletion.ask, testIds: { edit: 'file-list-edit', delete: 'file-list-delete' } }}
      empty={{ icon: 'folder-open', title: crud.term ? t('emptySearch', { term: crud.term }) : t('empty'), description: crud.term ? undefined : t('emptyHint') }}
      testId="files-table"
      deletion={{ state: deletion, title: (f) => t('deleteTitle', { name: f.name }), text: t('deleteBody') }}
    >
      <FileListDialog {...editor.dialog} />
    </CrudListPage>
  )
}
