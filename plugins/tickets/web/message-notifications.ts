import type { ShellNotification } from '@zapdesk/plugin-api/web'
import { fileNameOf, mediaKind, type MediaKind } from './conversation/media-kind.ts'

/*
 * Which new messages notify an agent (bell, sound, unread count), and the line the notification shows. The shell
 * shows notifications; what deserves one is the tickets module's rule.
 */

/**
 * The line a media message shows: its kind's label (from the caller, in the user's language), with the caption when
 * it has one (a file's own name is no caption).
 */
function mediaLine(message: Record<string, unknown>, label: (kind: MediaKind) => string): string | undefined {
  const m = { mediaType: message.mediaType as string | null, mediaUrl: message.mediaUrl as string | null, mediaName: message.mediaName as string | null }
  const kind = mediaKind(m)
  if (kind === 'text') return undefined
  const body = typeof message.body === 'string' ? message.body.trim() : ''
  const caption = body && body !== fileNameOf({ ...m, body }) && body !== m.mediaName ? body : ''
  return caption ? `${label(kind)}: ${caption}` : label(kind)
}

/** A readable line out of a ticket or message event, whatever plugin sent it; `mediaLabel` names a media message. */
export function describeEvent(topic: string, data: Record<string, unknown>, mediaLabel?: (kind: MediaKind) => string): Omit<ShellNotification, 'id' | 'at'> | null {
  const action = String(data.action ?? '')
  const ticket = (data.ticket ?? (data.message as Record<string, unknown> | undefined)?.ticket) as Record<string, unknown> | undefined
  const message = data.message as Record<string, unknown> | undefined
  if (message?.fromMe === true) return null
  const contact = (ticket?.contact ?? message?.contact) as { name?: string } | undefined
  const title = contact?.name ?? String(ticket?.id ?? topic)
  const media = message && mediaLabel ? mediaLine(message, mediaLabel) : undefined
  const body = media ?? (typeof message?.body === 'string' ? message.body : typeof ticket?.lastMessage === 'string' ? ticket.lastMessage : undefined)
  const uuid = typeof ticket?.uuid === 'string' ? ticket.uuid : undefined
  return { topic, action, title, body: body?.slice(0, 120), to: uuid ? `/tickets/${uuid}` : undefined }
}

export interface NotificationViewer {
  id: number
  /** The user's queues: a customer waiting in one of them is theirs to take. */
  queues?: Array<{ id: number }> | null
}

/** The ticket whose conversation is on screen, from a path like /tickets/<uuid>. */
export function openTicketUuid(pathname: string): string | undefined {
  return /^\/tickets\/([^/]+)/.exec(pathname)?.[1]
}

/**
 * Whether a new message deserves a notification and a sound. The server sends a socket only the messages of tickets
 * its user may see; of those: never the user's own (fromMe) or already read ones, nor the ticket on screen while
 * the tab is visible; a waiting (pending) ticket for every agent of its queue, and one without a queue for those the
 * server sent it to (allowed to see tickets without a queue); open ones when they are the user's or nobody's.
 */
export function shouldNotifyMessage(data: Record<string, unknown>, viewer: NotificationViewer, onScreenUuid?: string, pageVisible = true): boolean {
  if (data.action !== 'create') return false
  const message = data.message as Record<string, unknown> | undefined
  if (!message || message.fromMe === true || message.read === true) return false
  const ticket = (data.ticket ?? message.ticket) as Record<string, unknown> | undefined
  if (!ticket) return true
  if (pageVisible && onScreenUuid && ticket.uuid === onScreenUuid) return false
  if (ticket.status === 'pending') {
    const queueId = ticket.queueId as number | null | undefined
    return queueId == null || (viewer.queues ?? []).some((q) => q.id === queueId)
  }
  if (ticket.status === 'closed') return false
  return ticket.userId == null || ticket.userId === viewer.id
}

/**
 * Whether a ticket frame tells the user a customer now waits in one of their queues (the server marks the frame
 * `joinedQueue` when a pending ticket enters a queue: routed by the bot or transferred).
 */
export function shouldNotifyWaiting(data: Record<string, unknown>, viewer: NotificationViewer, onScreenUuid?: string, pageVisible = true): boolean {
  if (data.action !== 'update' || data.joinedQueue !== true) return false
  const ticket = data.ticket as Record<string, unknown> | undefined
  if (!ticket || ticket.status !== 'pending') return false
  if (pageVisible && onScreenUuid && ticket.uuid === onScreenUuid) return false
  return (viewer.queues ?? []).some((q) => q.id === ticket.queueId)
}
