import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, listRoute, liveRecords, useConfirmDelete, useCrudList, useEditDialog, type Column } from '@zapdesk/plugin-api/web'
import type { Integration } from './types.ts'
import { IntegrationDialog } from './IntegrationDialog.tsx'
import { TypeLogo } from './TypeLogo.tsx'
import './integrations.css'

const fetchPage = listRoute<Integration>('/queueIntegration/', 'queueIntegrations')
const live = liveRecords<Integration>('queueIntegration', { record: 'queueIntegration', id: 'integrationId' })

/** The spec's queue integrations page: count, search, type logo, id and name, edit and delete, live, infinite scroll. */
export default function IntegrationsPage() {
  const { t } = useTranslation('integrations')
  const crud = useCrudList<Integration>({ fetchPage, key: (i) => i.id, live })
  const editor = useEditDialog(crud.list)
  const deletion = useConfirmDelete<Integration>((i) => api.del(`/queueIntegration/${i.id}`), (i) => crud.list.remove(i), t('deleted'))
  const columns: Column<Integration>[] = [
    { key: 'type', header: t('columns.type'), cell: (i) => <TypeLogo type={i.type} label={t(`types.${i.type}`)} /> },
    { key: 'id', header: t('columns.id'), cell: (i) => i.id, className: 'zd-hide-narrow' },
    { key: 'name', header: t('columns.name'), cell: (i) => <strong className="zd-ellipsis">{i.name}</strong> },
  ]
  return (
    <CrudListPage<Integration>
      title={t('title')} countText={(count) => t('count', { count })} countRows crud={crud}
      search={{ placeholder: t('search'), testId: 'integrations-search' }}
      headerActions={<Button intent="primary" icon="add" text={t('add')} onClick={() => editor.edit('new')} data-testid="integrations-add" />}
      columns={columns} rowKey={(i) => i.id} rowProps={(i) => ({ 'data-integration': i.name })}
      actions={{ onEdit: editor.edit, onDelete: deletion.ask, testIds: { edit: 'integration-edit', delete: 'integration-delete' } }}
      empty={{ icon: 'data-connection', title: crud.term ? t('emptySearch', { term: crud.term }) : t('empty'), description: crud.term ? undefined : t('emptyHint') }}
      testId="integrations-table"
      deletion={{ state: deletion, title: (i) => t('deleteTitle', { name: i.name }), text: t('deleteBody') }}
    >
      <IntegrationDialog {...editor.dialog} />
    </CrudListPage>
  )
}
