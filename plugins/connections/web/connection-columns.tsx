import { Icon, Tag } from '@blueprintjs/core'
import type { TFunction } from 'i18next'
import { formatDateTime, type Column } from '@zapdesk/plugin-api/web'
import { SANDBOX_PROVIDER, type Connection } from './types.ts'
import type { SessionAction } from './session.ts'
import { StatusLabel } from './StatusLabel.tsx'
import { SessionCell } from './SessionCell.tsx'

interface SessionColumn {
  /** The user may start, retry or end sessions ('connections-page:actionButtons'). */
  allowed: boolean
  busy: { id: number; action: SessionAction } | null
  onAction: (connection: Connection, action: SessionAction) => void
}

/** Spec columns: name (with the sandbox mark), status, session actions, last update, default marker. */
export function connectionColumns(t: TFunction, session: SessionColumn): Column<Connection>[] {
  return [
    {
      key: 'name', header: t('columns.name'),
      cell: (c) => (
        <span className="zd-conn-name">
          {c.name}
          {c.provider === SANDBOX_PROVIDER && <Tag intent="warning" minimal icon="lab-test" data-testid="sandbox-tag">{t('sandboxTag')}</Tag>}
        </span>
      ),
    },
    { key: 'status', header: t('columns.status'), cell: (c) => <StatusLabel status={c.status} cause={c.disconnectCause} nextRetryAt={c.nextRetryAt} /> },
    {
      key: 'session', header: t('columns.session'),
      cell: (c) => session.allowed && <SessionCell connection={c} busy={session.busy?.id === c.id ? session.busy.action : null} onAction={session.onAction} />,
    },
    { key: 'lastUpdate', header: t('columns.lastUpdate'), cell: (c) => formatDateTime(c.updatedAt), className: 'zd-hide-narrow' },
    {
      key: 'default', header: t('columns.default'), className: 'zd-conn-default',
      cell: (c) => c.isDefault && <Icon icon="tick-circle" intent="success" title={t('isDefault')} aria-label={t('isDefault')} data-testid="default-marker" />,
    },
  ]
}
