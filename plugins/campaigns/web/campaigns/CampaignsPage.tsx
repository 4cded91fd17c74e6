import { Button } from '@blueprintjs/core'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, formatDateTime, listRoute, toastError, toastSuccess, useConfirmDelete, useCrudList, useEditDialog, type Column } from '@zapdesk/plugin-api/web'
import type { Campaign, CampaignEvent } from '../types.ts'
import { CampaignDialog } from './CampaignDialog.tsx'
import { CampaignStatusTag } from './status.tsx'
import '../campaigns.css'

const fetchPage = listRoute<Campaign>('/campaigns', 'records')

/** The spec's /campaigns: name, status, list, connection, schedule, completion, confirmation; stop, restart, report. */
export default function CampaignsPage() {
  const { t } = useTranslation('campaigns')
  const navigate = useNavigate()
  const crud = useCrudList<Campaign>({
    fetchPage, key: (c) => c.id,
    live: {
      topic: 'campaign',
      change: (raw) => {
        const d = raw as unknown as CampaignEvent
        if (d.action === 'delete') return { remove: { id: d.id } }
        if (d.action === 'progress') return { upsert: { id: d.id, status: d.status, pausedReason: d.pausedReason, report: d.report } }
        return { upsert: d.record }
      },
    },
  })
  const editor = useEditDialog(crud.list)
  const deletion = useConfirmDelete<Campaign>((c) => api.del(`/campaigns/${c.id}`), (c) => crud.list.remove(c), t('campaigns.deleted'))
  const act = async (c: Campaign, verb: 'cancel' | 'restart') => {
    try {
      crud.list.upsert(await api.post<Campaign>(`/campaigns/${c.id}/${verb}`))
      toastSuccess(verb === 'cancel' ? t('campaigns.stopped') : t('campaigns.restarted'))
    } catch (e) {
      toastError(e)
    }
  }
  const columns: Column<Campaign>[] = [
    { key: 'name', header: t('campaigns.columns.name'), cell: (c) => <strong>{c.name}</strong> },
    { key: 'status', header: t('campaigns.columns.status'), cell: (c) => <CampaignStatusTag campaign={c} /> },
    { key: 'list', header: t('campaigns.columns.contactList'), className: 'zd-hide-narrow', cell: (c) => c.contactList?.name ?? t('common.none') },
    { key: 'whatsapp', header: t('campaigns.columns.whatsapp'), className: 'zd-hide-narrow', cell: (c) => c.whatsapp?.name ?? t('common.none') },
    { key: 'scheduledAt', header: t('campaigns.columns.scheduledAt'), className: 'zd-hide-narrow', cell: (c) => (c.scheduledAt ? formatDateTime(c.scheduledAt) : <span className="zd-muted">{t('campaigns.notScheduled')}</span>) },
    { key: 'completedAt', header: t('campaigns.columns.completedAt'), className: 'zd-hide-narrow', cell: (c) => (c.completedAt ? formatDateTime(c.completedAt) : <span className="zd-muted">{t('campaigns.notCompleted')}</span>) },
    { key: 'confirmation', header: t('campaigns.columns.confirmation'), className: 'zd-hide-narrow', cell: (c) => (c.confirmation ? t('campaigns.yes') : t('campaigns.no')) },
  ]
  return (
    <CrudListPage<Campaign>
      title={t('campaigns.title')} countText={(count) => t('campaigns.count', { count })} crud={crud}
      search={{ placeholder: t('common.search') }}
      headerActions={<Button intent="primary" icon="add" text={t('common.add')} onClick={() => editor.edit('new')} data-testid="campaigns-add" />}
      columns={columns} rowKey={(c) => c.id} rowProps={(c) => ({ 'data-campaign': c.name, 'data-status': c.status })}
      actions={{
        onEdit: editor.edit, onDelete: deletion.ask, testIds: { edit: 'campaign-edit', delete: 'campaign-delete' },
        extra: (c) => (
          <>
            {(c.status === 'EM_ANDAMENTO' || c.status === 'PROGRAMADA') && <Button variant="minimal" icon="stop" intent="danger" aria-label={t('campaigns.stop')} title={t('campaigns.stop')} onClick={() => void act(c, 'cancel')} data-testid="campaign-stop" />}
            {c.status === 'CANCELADA' && <Button variant="minimal" icon="repeat" aria-label={t('campaigns.restart')} title={t('campaigns.restart')} onClick={() => void act(c, 'restart')} data-testid="campaign-restart" />}
            <Button variant="minimal" icon="timeline-bar-chart" aria-label={t('campaigns.report')} title={t('campaigns.report')} onClick={() => navigate(`/campaign/${c.id}/report`)} data-testid="campaign-report" />
          </>
        ),
      }}
      empty={{ icon: 'send-message', title: crud.term ? t('campaigns.emptySearch', { term: crud.term }) : t('campaigns.empty'), description: crud.term ? undefined : t('campaigns.emptyHint') }}
      testId="campaigns-table"
      deletion={{ state: deletion, title: (c) => t('campaigns.deleteTitle', { name: c.name }), text: t('campaigns.deleteBody') }}
    >
      <CampaignDialog {...editor.dialog} />
    </CrudListPage>
  )
}
