import { useState } from 'react'
import { Button, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, useConfirmDelete, useEditDialog, useRealtime, useWholeList, type Column } from '@zapdesk/plugin-api/web'
import type { Webhook, WebhookEvent } from './types.ts'
import { WebhookDialog } from './WebhookDialog.tsx'
import { DeliveriesDialog } from './DeliveriesDialog.tsx'
import './webhooks.css'

/** The company's webhook endpoints: name, address, events, on/off; edit, delete and each one's deliveries. Live. */
export default function WebhooksPage() {
  const { t } = useTranslation('webhooks')
  const [log, setLog] = useState<Webhook | null>(null)
  const list = useWholeList(async (signal) => (await api.get<{ webhooks: Webhook[] }>('/webhooks', { signal })).webhooks, (w) => w.id)
  useRealtime('webhook', (raw) => {
    const data = raw as unknown as WebhookEvent
    if (data.action === 'delete') list.remove({ id: data.id })
    else list.upsert(data.webhook)
  })
  const editor = useEditDialog(list, { newItems: 'upsert' })
  const deletion = useConfirmDelete<Webhook>((w) => api.del(`/webhooks/${w.id}`), (w) => list.remove(w), t('deleted'))
  const columns: Column<Webhook>[] = [
    { key: 'name', header: t('columns.name'), cell: (w) => <strong className="zd-ellipsis">{w.name}</strong> },
    { key: 'url', header: t('columns.url'), cell: (w) => <span className="zd-ellipsis zd-webhook-url" title={w.url}>{w.url}</span>, className: 'zd-hide-narrow' },
    { key: 'events', header: t('columns.events'), cell: (w) => t('eventCount', { count: w.events.length }) },
    { key: 'enabled', header: t('columns.status'), cell: (w) => <Tag minimal intent={w.enabled ? 'success' : 'none'}>{w.enabled ? t('enabled') : t('disabled')}</Tag> },
  ]
  return (
    <CrudListPage<Webhook>
      title={t('title')} countText={(count) => t('count', { count })} countRows crud={{ list }}
      headerActions={<Button intent="primary" icon="add" text={t('add')} onClick={() => editor.edit('new')} data-testid="webhooks-add" />}
      columns={columns} rowKey={(w) => w.id} rowProps={(w) => ({ 'data-webhook': w.name })}
      actions={{
        onEdit: editor.edit, onDelete: deletion.ask, testIds: { edit: 'webhook-edit', delete: 'webhook-delete' },
        extra: (w) => <Button variant="minimal" icon="history" aria-label={t('deliveries')} title={t('deliveries')} onClick={() => setLog(w)} data-testid="webhook-deliveries-open" />,
      }}
      empty={{ icon: 'send-to-graph', title: t('empty'), description: t('emptyHint') }}
      testId="webhooks-table"
      deletion={{ state: deletion, title: (w) => t('deleteTitle', { name: w.name }), text: t('deleteBody') }}
    >
      <WebhookDialog {...editor.dialog} />
      <DeliveriesDialog webhook={log} onClose={() => setLog(null)} />
    </CrudListPage>
  )
}
