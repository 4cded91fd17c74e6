import { useLocation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { useNotify, useRealtime, useSession } from '@zapdesk/plugin-api/web'
import { describeEvent, openTicketUuid, shouldNotifyMessage, shouldNotifyWaiting } from './message-notifications.ts'

/**
 * Mounted by the shell on every page (the module's `background`): a customer's new message is what an agent must not
 * miss, so it raises a notification with the chime, as does a customer starting to wait in one of the agent's
 * queues; other ticket churn would only be noise.
 */
export default function MessageNotifier() {
  const { user } = useSession()
  const { pathname } = useLocation()
  const notify = useNotify()
  const { t } = useTranslation('tickets')
  useRealtime('appMessage', (data) => {
    const event = data as Record<string, unknown>
    if (!user || !shouldNotifyMessage(event, user, openTicketUuid(pathname), document.visibilityState === 'visible')) return
    const described = describeEvent('appMessage', event, (kind) => t(`notify.media.${kind}`))
    if (described) notify(described)
  })
  useRealtime('ticket', (data) => {
    const event = data as Record<string, unknown>
    if (!user || !shouldNotifyWaiting(event, user, openTicketUuid(pathname), document.visibilityState === 'visible')) return
    const described = describeEvent('ticket', event)
    if (described) notify(described)
  })
  return null
}
