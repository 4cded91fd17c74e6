import { useAtomValue, useSetAtom } from 'jotai'
import { useLocation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { useRealtime, useRealtimeRoom } from '../realtime/hooks.ts'
import { userAtom } from '../session/session-atoms.ts'
import { endSession, refreshCompanyPlan, refreshUser } from '../session/session-service.ts'
import { clearSessionKeys } from '../lib/storage.ts'
import { toastWarning } from '../ui/toaster.ts'
import { volumeAtom } from '../ui/preferences.ts'
import { playChime } from '../ui/notify-sound.ts'
import { describeEvent, MAX_NOTIFICATIONS, notificationsAtom, openTicketUuid, shouldNotifyMessage, unreadNotificationsAtom } from './notifications.ts'

/** Spec: after a sign-in elsewhere the page reloads one second after the warning. */
export const ANOTHER_COMPUTER_RELOAD_MS = 1000

const quietly = (p: Promise<unknown>) => void p.catch(() => undefined)

/** Keeps the session in step with the server's live events (core topics) and feeds the notification popover. */
export function SessionWatcher() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const volume = useAtomValue(volumeAtom)
  const setNotifications = useSetAtom(notificationsAtom)
  const setUnread = useSetAtom(unreadNotificationsAtom)
  const { pathname } = useLocation()

  useRealtimeRoom(me ? { type: 'joinNotification' } : null)

  useRealtime('auth', (data) => {
    if (!me || data.user?.id !== me.id) return
    clearSessionKeys()
    toastWarning(t('session.anotherComputer'))
    setTimeout(() => location.reload(), ANOTHER_COMPUTER_RELOAD_MS)
  })

  useRealtime('user', (data) => {
    const id = data.user?.id ?? data.userId
    if (!me || id !== me.id) return
    if (data.action === 'delete') endSession()
    else quietly(refreshUser())
  })

  useRealtime('settings', () => quietly(refreshUser()))
  useRealtime('company', () => quietly(Promise.all([refreshUser(), refreshCompanyPlan()])))
  useRealtime('modules', () => quietly(Promise.all([refreshCompanyPlan(), refreshUser()])))

  // incoming messages are what an agent must not miss; other ticket churn would only be noise here
  useRealtime('appMessage', (data) => {
    if (!me || !shouldNotifyMessage(data, me, openTicketUuid(pathname), document.visibilityState === 'visible')) return
    const described = describeEvent('appMessage', data)
    if (!described) return
    setNotifications((list) => [{ ...described, id: `${Date.now()}-${Math.random()}`, at: Date.now() }, ...list].slice(0, MAX_NOTIFICATIONS))
    setUnread((n) => n + 1)
    playChime(volume)
  })

  return null
}
