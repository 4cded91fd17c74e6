import { Button, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { Connection } from './types.ts'
import { sessionActions, type SessionAction } from './session.ts'

interface Props {
  connection: Connection
  /** The action being sent for this row, if any (its button spins, the others wait). */
  busy: SessionAction | null
  onAction: (connection: Connection, action: SessionAction) => void
}

const LOOK: Record<Exclude<SessionAction, 'connecting'>, { icon: 'grid-view' | 'refresh' | 'reset' | 'disable'; intent: 'primary' | 'none' | 'danger' }> = {
  showQr: { icon: 'grid-view', intent: 'primary' },
  retry: { icon: 'refresh', intent: 'primary' },
  newQr: { icon: 'reset', intent: 'none' },
  disconnect: { icon: 'disable', intent: 'danger' },
}

/** The session column: the spec's buttons for the connection's status. */
export function SessionCell({ connection, busy, onAction }: Props) {
  const { t } = useTranslation('connections')
  return (
    <div className="zd-conn-session">
      {sessionActions(connection.status).map((action) =>
        action === 'connecting' ? (
          <Button key={action} size="small" disabled icon={<Spinner size={14} />} text={t('session.connecting')} data-action="connecting" />
        ) : (
          <Button
            key={action}
            size="small"
            variant="outlined"
            icon={LOOK[action].icon}
            intent={LOOK[action].intent}
            text={t(`session.${action}`)}
            loading={busy === action}
            disabled={busy !== null && busy !== action}
            onClick={() => onAction(connection, action)}
            data-action={action}
          />
        ),
      )}
    </div>
  )
}
