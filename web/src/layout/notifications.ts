import { atom, useAtomValue, useSetAtom } from 'jotai'
import { volumeAtom } from '../ui/volume-atom.ts'
import { playChime } from '../ui/notify-sound.ts'

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
 * module's background component tells the agent about something it must not miss.
 */
export function useNotify(): (n: Omit<ShellNotification, 'id' | 'at'>) => void {
  const setNotifications = useSetAtom(notificationsAtom)
  const setUnread = useSetAtom(unreadNotificationsAtom)
  const volume = useAtomValue(volumeAtom)
  return (n) => {
    setNotifications((list) => [{ ...n, id: `${Date.now()}-${Math.random()}`, at: Date.now() }, ...list].slice(0, MAX_NOTIFICATIONS))
    setUnread((count) => count + 1)
    playChime(volume)
  }
}
