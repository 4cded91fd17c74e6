import { useCallback, useState } from 'react'
import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, useConfirmDelete, useCrudList, type Column } from '@zapdesk/plugin-api/web'
import type { Integration, IntegrationEvent, IntegrationsAnswer } from './types.ts'
import { IntegrationDialog } from './IntegrationDialog.tsx'
import { TypeLogo } from './TypeLogo.tsx'
import './integrations.css'

/** The spec's queue integrations page: count, search, type logo, id and name, edit and delete, live, infinite scroll. */
export default function IntegrationsPage() {
  const { t } = useTranslation('integrations')
  const [editing, setEditing] = useState<Integration | 'new' | null>(null)
  const fetchPage = useCallback(async (page: number, searchParam: string, signal: AbortSignal) => {
    const answer = await api.get<IntegrationsAnswer>('/queueIntegration/', { query: { searchParam, pageNumber: page }, signal })
    return { items: answer.queueIntegrations ?? [], hasMore: !!answer.hasMore, count: answer.count }
  }, [])
  const crud = useCrudList<Integration>({
    fetchPage,
    key: (i) => i.id,
    live: {
      topic: 'queueIntegration',
      change: (raw) => {
        const data = raw as unknown as IntegrationEvent
        return data.action === 'delete' ? { remove: { id: data.integrationId } } : { upsert: data.queueIntegration }
      },
    },
  })
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
      headerActions={<Button intent="primary" icon="add" text={t('add')} onClick={() => setEditing('new')} data-testid="integrations-add" />}
      columns={columns} rowKey={(i) => i.id} rowProps={(i) => ({ 'data-integration': i.name })}
      actions={{ onEdit: setEditing, onDelete: deletion.ask, testIds: { edit: 'integration-edit', delete: 'integration-delete' } }}
      empty={{ icon: 'data-connection', title: crud.term ? t('emptySearch', { term: crud.term }) : t('empty'), description: crud.term ? undefined : t('emptyHint') }}
      testId="integrations-table"
      deletion={{ state: deletion, title: (i) => t('deleteTitle', { name: i.name }), text: t('deleteBody') }}
    >
      <IntegrationDialog open={editing !== null} current={editing === 'new' ? undefined : editing ?? undefined} onClose={() => setEditing(null)}
        onSaved={(i) => (editing === 'new' ? crud.list.reload() : crud.list.upsert(i))} />
    </CrudListPage>
  )
}
