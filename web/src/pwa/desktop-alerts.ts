import type { KeyValueStore } from '../lib/storage.ts'

/*
 * Alerts for a tab the agent is not looking at: a system notification and the chime. The switch is per user and per
 * browser (local storage, key by user id): the browser's permission it depends on is per browser too, and the
 * server keeps no per-user preferences.
 */
export type PermissionState = NotificationPermission | 'unsupported'

export function notificationPermission(): PermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

const key = (userId: number) => `desktopAlerts:${userId}`

/** On unless the user switched it off. */
export function alertsEnabled(kv: KeyValueStore, userId: number | undefined): boolean {
  return userId == null || kv.getItem(key(userId)) !== 'off'
}

export function setAlertsEnabled(kv: KeyValueStore, userId: number, on: boolean): void {
  kv.setItem(key(userId), on ? 'on' : 'off')
}

/**
 * What a new notification does beyond the bell: on screen, the chime as always; hidden, the chime and a system
 * notification (when permitted) only while the user's switch is on.
 */
export function alertPlan(visibility: DocumentVisibilityState, enabled: boolean, permission: PermissionState): { sound: boolean; system: boolean } {
  if (visibility === 'visible') return { sound: true, system: false }
  if (!enabled) return { sound: false, system: false }
  return { sound: true, system: permission === 'granted' }
}
