import { atom } from 'jotai'

export interface ShellNotification {
  id: string
  topic: string
  action: string
  title: string
  body?: string
  /** Where a click leads, when the event names a ticket and the tickets module is there. */
  to?: string
  at: number
}

export const MAX_NOTIFICATIONS = 20

export const notificationsAtom = atom<ShellNotification[]>([])
export const unreadNotificationsAtom = atom(0)

/** A readable line out of a ticket or message event, whatever plugin sent it. */
export function describeEvent(topic: string, data: Record<string, unknown>): Omit<ShellNotification, 'id' | 'at'> | null {
  const action = String(data.action ?? '')
  const ticket = (data.ticket ?? (data.message as Record<string, unknown> | undefined)?.ticket) as Record<string, unknown> | undefined
  const message = data.message as Record<string, unknown> | undefined
  if (message?.fromMe === true) return null
  const contact = (ticket?.contact ?? message?.contact) as { name?: string } | undefined
  const title = contact?.name ?? String(ticket?.id ?? topic)
  const body = typeof message?.body === 'string' ? message.body : typeof ticket?.lastMessage === 'string' ? ticket.lastMessage : undefined
  const uuid = typeof ticket?.uuid === 'string' ? ticket.uuid : undefined
  return { topic, action, title, body: body?.slice(0, 120), to: uuid ? `/tickets/${uuid}` : undefined }
}
