import { useCallback, useEffect, useState } from 'react'
import { Button, HTMLTable, Spinner, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, formatDateTime, toastError } from '@zapdesk/plugin-api/web'
import type { OutboxItem } from './types.ts'
import { ackKey } from './sandbox.ts'

/** Acks move on their own a moment after a send: the open outbox looks again every few seconds. */
const POLL_MS = 5000

interface Props {
  connectionId: number
  /** Changes when the caller wants a fresh look (after an injection). */
  refreshKey: number
}

/** What the platform sent through the sandbox, newest first, with its acks (GET /sandbox/:id/outbox). */
export function SandboxOutbox({ connectionId, refreshKey }: Props) {
  const { t } = useTranslation('connections')
  const [items, setItems] = useState<OutboxItem[] | null>(null)
  const [loading, setLoading] = useState(false)

  const load = useCallback((quiet: boolean) => {
    if (!quiet) setLoading(true)
    api.get<OutboxItem[]>(`/sandbox/${connectionId}/outbox`, { query: { limit: 50 } })
      .then(setItems, (e) => !quiet && toastError(e))
      .finally(() => setLoading(false))
  }, [connectionId])

  useEffect(() => load(false), [load, refreshKey])
  useEffect(() => {
    const timer = setInterval(() => load(true), POLL_MS)
    return () => clearInterval(timer)
  }, [load])

  return (
    <section data-testid="sandbox-outbox">
      <div className="zd-conn-outbox__head">
        <h4 className="zd-section-title">{t('sandbox.outbox')}</h4>
        <Button icon="refresh" variant="minimal" text={t('sandbox.refresh')} loading={loading} onClick={() => load(false)} data-testid="sandbox-refresh" />
      </div>
      {!items ? (
        <Spinner size={24} />
      ) : items.length === 0 ? (
        <p className="zd-muted">{t('sandbox.outboxEmpty')}</p>
      ) : (
        <HTMLTable compact striped className="zd-table zd-conn-outbox">
          <thead>
            <tr>
              <th>{t('sandbox.to')}</th>
              <th>{t('sandbox.content')}</th>
              <th>{t('sandbox.ack')}</th>
              <th>{t('sandbox.at')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((m) => (
              <tr key={m.id} data-outbox-id={m.externalId}>
                <td>{m.to.split('@')[0]}</td>
                <td className="zd-conn-outbox__body">
                  {m.mediaType && <span className="zd-muted">{t('sandbox.media', { type: m.mediaType, name: m.fileName ?? '' })} </span>}
                  {m.body}
                </td>
                <td><Tag minimal intent={m.ack >= 3 ? 'primary' : 'none'} data-ack={m.ack}>{t(`sandbox.acks.${ackKey(m.ack)}`)}</Tag></td>
                <td>{formatDateTime(m.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  )
}
