import { Icon, Spinner, type IconName } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { formatTime } from '@zapdesk/plugin-api/web'
import type { SessionStatus } from './types.ts'
import { STATUS_LOOK } from './session.ts'

interface Props {
  status: SessionStatus
  /** Why a session that is not connected is down (network, loggedOut, banned, ...). */
  cause?: string | null
  /** When the next automatic attempt starts. */
  nextRetryAt?: string | null
}

/** The status column: an icon (a spinner while connecting), the status in words, and why it is down and until when. */
export function StatusLabel({ status, cause, nextRetryAt }: Props) {
  const { t } = useTranslation('connections')
  const look = STATUS_LOOK[status] ?? STATUS_LOOK.DISCONNECTED
  const down = status !== 'CONNECTED' && cause
  const retry = status === 'TIMEOUT' && nextRetryAt ? formatTime(nextRetryAt) : null
  return (
    <span className={`zd-conn-status is-${look.intent}`} data-status={status}>
      {status === 'OPENING' ? <Spinner size={16} /> : <Icon icon={look.icon as IconName} intent={look.intent} size={16} />}
      <span>
        {t(`status.${status}`, { defaultValue: status })}
        {(down || retry) && (
          <small className="zd-conn-status__why" data-testid="disconnect-cause">
            {down && t(`causes.${cause}`, { defaultValue: t('causes.unknown') })}
            {down && retry && ' · '}
            {retry && t('nextRetry', { time: retry })}
          </small>
        )}
      </span>
    </span>
  )
}
