import { Button, HTMLTable, Icon, Spinner, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { EmptyState, formatDateTime } from '@zapdesk/plugin-api/web'
import { SANDBOX_PROVIDER, type Connection } from './types.ts'
import type { SessionAction } from './session.ts'
import { StatusLabel } from './StatusLabel.tsx'
import { SessionCell } from './SessionCell.tsx'

interface Props {
  connections: Connection[] | null
  failed: boolean
  /** What this user may do ('connections-page:*' actions). */
  allowed: { session: boolean; edit: boolean; sandbox: boolean }
  busy: { id: number; action: SessionAction } | null
  onRetryLoad: () => void
  onSession: (connection: Connection, action: SessionAction) => void
  onSandbox: (connection: Connection) => void
  onEdit: (connection: Connection) => void
  onDelete: (connection: Connection) => void
}

/** Spec columns: name, status, session actions, last update, default marker, edit and delete. */
export function ConnectionsTable({ connections, failed, allowed, busy, onRetryLoad, onSession, onSandbox, onEdit, onDelete }: Props) {
  const { t } = useTranslation('connections')
  if (!connections) return <Spinner size={32} className="zd-spinner" />
  if (!connections.length) {
    return failed ? (
      <EmptyState icon="error" title={t('core:common.loadError')} action={<Button icon="refresh" text={t('core:common.retry')} onClick={onRetryLoad} />} />
    ) : (
      <EmptyState icon="mobile-phone" title={t('empty')} description={t('emptyHint')} />
    )
  }
  return (
    <div className="zd-table-card" data-testid="connections-table">
      <HTMLTable striped className="zd-table">
        <thead>
          <tr>
            <th>{t('columns.name')}</th>
            <th>{t('columns.status')}</th>
            <th>{t('columns.session')}</th>
            <th className="zd-hide-narrow">{t('columns.lastUpdate')}</th>
            <th className="zd-conn-default">{t('columns.default')}</th>
            <th className="zd-col-actions">{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {connections.map((c) => {
            const sandbox = c.provider === SANDBOX_PROVIDER
            return (
              <tr key={c.id} data-connection-id={c.id} data-status={c.status}>
                <td>
                  <span className="zd-conn-name">
                    {c.name}
                    {sandbox && <Tag intent="warning" minimal icon="lab-test" data-testid="sandbox-tag">{t('sandboxTag')}</Tag>}
                  </span>
                </td>
                <td><StatusLabel status={c.status} /></td>
                <td>
                  {allowed.session && <SessionCell connection={c} busy={busy?.id === c.id ? busy.action : null} onAction={onSession} />}
                </td>
                <td className="zd-hide-narrow">{formatDateTime(c.updatedAt)}</td>
                <td className="zd-conn-default">
                  {c.isDefault && <Icon icon="tick-circle" intent="success" title={t('isDefault')} aria-label={t('isDefault')} data-testid="default-marker" />}
                </td>
                <td className="zd-col-actions">
                  {sandbox && allowed.sandbox && (
                    <Button variant="minimal" icon="console" title={t('sandbox.open')} aria-label={t('sandbox.open')} onClick={() => onSandbox(c)} data-testid="sandbox-open" />
                  )}
                  {allowed.edit && (
                    <>
                      <Button variant="minimal" icon="edit" aria-label={t('core:common.edit')} title={t('core:common.edit')} onClick={() => onEdit(c)} data-testid="connection-edit" />
                      <Button variant="minimal" icon="trash" intent="danger" aria-label={t('core:common.delete')} title={t('core:common.delete')} onClick={() => onDelete(c)} data-testid="connection-delete" />
                    </>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </HTMLTable>
    </div>
  )
}
