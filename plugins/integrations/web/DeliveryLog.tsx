import { useEffect, useState } from 'react'
import { Tag, type Intent } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, formatDateTime } from '@zapdesk/plugin-api/web'
import type { Delivery } from './types.ts'

const INTENT: Record<Delivery['status'], Intent> = { pending: 'none', retrying: 'warning', delivered: 'success', failed: 'danger' }

/** The newest deliveries of an n8n flow or a webhook: status, time, attempts, the receiver's answer. */
export function DeliveryLog({ integrationId }: { integrationId: number }) {
  const { t } = useTranslation('integrations')
  const [rows, setRows] = useState<Delivery[] | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    api.get<{ deliveries: Delivery[] }>(`/queueIntegration/${integrationId}/deliveries`, { signal: controller.signal })
      .then((answer) => setRows(answer.deliveries), () => setRows([]))
    return () => controller.abort()
  }, [integrationId])
  if (rows === null) return null
  return (
    <section className="zd-delivery-log" data-testid="integration-deliveries">
      <h4>{t('log.title')}</h4>
      {rows.length === 0 ? <p className="zd-muted">{t('log.empty')}</p> : (
        <table>
          <thead>
            <tr><th>{t('log.time')}</th><th>{t('log.status')}</th><th>{t('log.attempts')}</th><th>{t('log.answer')}</th></tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id}>
                <td>{d.updatedAt ? formatDateTime(d.updatedAt) : ''}</td>
                <td><Tag minimal intent={INTENT[d.status]}>{t(`log.statuses.${d.status}`)}</Tag></td>
                <td>{d.attempts}</td>
                <td title={d.error ?? undefined}>{d.httpStatus ?? '-'}{d.durationMs !== null ? ` · ${d.durationMs} ms` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
