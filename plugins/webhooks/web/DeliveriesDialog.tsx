import { useCallback } from 'react'
import { Button, Dialog, DialogBody, Tag, type Intent } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, DataTable, formatDateTime, toastError, toastSuccess, usePagedList, type Column } from '@zapdesk/plugin-api/web'
import type { Delivery, Webhook } from './types.ts'

const INTENT: Record<Delivery['status'], Intent> = { pending: 'warning', sending: 'primary', delivered: 'success', failed: 'danger' }

interface Props {
  webhook: Webhook | null
  onClose: () => void
}

/** An endpoint's deliveries, newest first: status, attempts, the receiver's answer, time; resend and a test event. */
export function DeliveriesDialog({ webhook, onClose }: Props) {
  const { t } = useTranslation('webhooks')
  const id = webhook?.id
  const fetchPage = useCallback(async (page: number, _search: string, signal: AbortSignal) => {
    if (!id) return { items: [], hasMore: false }
    const answer = await api.get<{ deliveries: Delivery[]; count: number; hasMore: boolean }>(`/webhooks/${id}/deliveries`, { query: { pageNumber: page }, signal })
    return { items: answer.deliveries, hasMore: answer.hasMore, count: answer.count }
  }, [id])
  const list = usePagedList<Delivery>(fetchPage, String(id ?? ''), (d) => d.id)
  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call()
      toastSuccess(done)
      list.reload()
    } catch (err) {
      toastError(err)
    }
  }
  const resend = (d: Delivery) => act(() => api.post(`/webhooks/${d.endpointId}/deliveries/${d.id}/resend`), t('log.resent'))
  const columns: Column<Delivery>[] = [
    { key: 'time', header: t('log.time'), cell: (d) => formatDateTime(d.deliveredAt ?? d.createdAt ?? '') },
    { key: 'event', header: t('log.event'), cell: (d) => <span className="zd-ellipsis">{t(`events.${d.event}`, { defaultValue: d.event })}</span> },
    // The resend button sits by the status it changes: no separate actions column to scroll to on a phone.
    {
      key: 'status', header: t('log.status'), cell: (d) => (
        <span className="zd-webhook-log__status">
          <Tag minimal intent={INTENT[d.status]} data-status={d.status}>{t(`log.statuses.${d.status}`)}</Tag>
          {(d.status === 'delivered' || d.status === 'failed') && (
            <Button variant="minimal" size="small" icon="redo" aria-label={t('log.resend')} title={t('log.resend')} onClick={() => resend(d)} data-testid="webhook-resend" />
          )}
        </span>
      ),
    },
    { key: 'attempts', header: t('log.attempts'), cell: (d) => d.attempts, className: 'zd-hide-narrow' },
    { key: 'answer', header: t('log.answer'), cell: (d) => <span title={d.error ?? undefined}>{d.httpStatus ?? (d.error ? t('log.noAnswer') : '-')}</span>, className: 'zd-hide-narrow' },
  ]
  return (
    <Dialog isOpen={webhook !== null} onClose={onClose} title={t('log.title', { name: webhook?.name ?? '' })} icon="history" className="zd-dialog zd-webhook-log">
      <DialogBody>
        <div className="zd-webhook-log__bar">
          <span className="zd-muted">{t('log.count', { count: list.count ?? list.items.length })}</span>
          <span className="zd-webhook-log__actions">
            <Button icon="refresh" text={t('log.refresh')} onClick={list.reload} data-testid="webhook-log-refresh" />
            <Button intent="primary" icon="send-message" text={t('log.test')} disabled={!webhook?.enabled} title={webhook?.enabled ? undefined : t('log.testDisabled')}
              onClick={() => id && act(() => api.post(`/webhooks/${id}/test`), t('log.testSent'))} data-testid="webhook-test" />
          </span>
        </div>
        <DataTable<Delivery>
          list={list} columns={columns} rowKey={(d) => d.id} rowProps={(d) => ({ 'data-delivery': d.id, 'data-event': d.event })} testId="webhook-deliveries"
          empty={{ icon: 'history', title: t('log.empty'), description: t('log.emptyHint') }}
        />
      </DialogBody>
    </Dialog>
  )
}
