import { useState } from 'react'
import { useAtomValue } from 'jotai'
import { userAtom } from '../session/session-atoms.ts'
import { store } from '../lib/storage.ts'
import { alertsEnabled, notificationPermission, setAlertsEnabled, type PermissionState } from './desktop-alerts.ts'

/** The user menu's view of the hidden-tab alerts: the user's switch and the browser's permission. */
export function useDesktopAlerts() {
  const userId = useAtomValue(userAtom)?.id
  const [enabled, setEnabled] = useState(() => alertsEnabled(store, userId))
  const [permission, setPermission] = useState<PermissionState>(notificationPermission)
  return {
    enabled,
    permission,
    toggle: () => {
      if (userId == null) return
      setAlertsEnabled(store, userId, !enabled)
      setEnabled(!enabled)
    },
    /** Asked only from the user's click (browsers ignore or punish a request made on load). */
    request: async () => {
      if (permission !== 'default') return
      setPermission(await Notification.requestPermission())
    },
  }
}
