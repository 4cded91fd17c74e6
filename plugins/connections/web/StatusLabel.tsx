import { Icon, Spinner, type IconName } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { SessionStatus } from './types.ts'
import { STATUS_LOOK } from './session.ts'

/** The status column: an icon (a spinner while connecting) and the status in words. */
export function StatusLabel({ status }: { status: SessionStatus }) {
  const { t } = useTranslation('connections')
  const look = STATUS_LOOK[status] ?? STATUS_LOOK.DISCONNECTED
  return (
    <span className={`zd-conn-status is-${look.intent}`} data-status={status}>
      {status === 'OPENING' ? <Spinner size={16} /> : <Icon icon={look.icon as IconName} intent={look.intent} size={16} />}
      <span>{t(`status.${status}`, { defaultValue: status })}</span>
    </span>
  )
}
