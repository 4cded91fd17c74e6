import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useNavigate } from 'react-router-dom'
import { volumeAtom } from '../ui/volume-atom.ts'
import { playChime } from '../ui/notify-sound.ts'
import { userAtom } from '../session/session-atoms.ts'
import { store } from '../lib/storage.ts'
import { alertPlan, alertsEnabled, notificationPermission } from '../pwa/desktop-alerts.ts'
import { showSystemNotification } from '../pwa/system-notification.ts'

export interface ShellNotification {
  id: string
  topic: string
  action: string
  title: string
  body?: string
  /** Where a click leads (a page of the module that raised it). */
  to?: string
  at: number
}

export const MAX_NOTIFICATIONS = 20

export const notificationsAtom = atom<ShellNotification[]>([])
export const unreadNotificationsAtom = atom(0)

/**
 * Raises a notification in the top bar's popover (with the unread count and the chime at the user's volume): how a
 * module's background component tells the agent about something it must not miss. While the tab is hidden it is also
 * a system notification (a click focuses the tab and opens `to`), as the user's hidden-tab alerts switch allows.
 */
export function useNotify(): (n: Omit<ShellNotification, 'id' | 'at'>) => void {
  const setNotifications = useSetAtom(notificationsAtom)
  const setUnread = useSetAtom(unreadNotificationsAtom)
  const volume = useAtomValue(volumeAtom)
  const userId = useAtomValue(userAtom)?.id
  const navigate = useNavigate()
  return (n) => {
    setNotifications((list) => [{ ...n, id: `${Date.now()}-${Math.random()}`, at: Date.now() }, ...list].slice(0, MAX_NOTIFICATIONS))
    setUnread((count) => count + 1)
    const plan = alertPlan(document.visibilityState, alertsEnabled(store, userId), notificationPermission())
    if (plan.sound) playChime(volume)
    if (plan.system) {
      showSystemNotification(n.title, { body: n.body, tag: n.to ?? n.topic, to: n.to }, () => {
        if (n.to) navigate(n.to)
      })
    }
  }
}
