import type { AuthContext } from '../auth/types.ts'

/**
 * Who of a company's sockets receive an event. Every field narrows; an empty audience is the whole company.
 * It is plain data so it crosses instances through Redis unchanged.
 */
export interface RealtimeAudience {
  /** Sockets that joined any of these rooms (e.g. 'notification', 'tickets:pending', 'chatBox:12'). */
  rooms?: string[]
  userIds?: number[]
  /** Sockets of users with profile admin (or super), plus `userIds` if both are given. */
  admins?: boolean
  /** Users linked to one of these queues (admins always pass). */
  queueIds?: number[]
  /** Users who pass the `queueIds` filter anyway (a ticket's agent, whatever their queues). */
  queueBypassUserIds?: number[]
  /** Something outside any queue: users who see tickets without a queue (allTicket 'enabled') pass `queueIds` too. */
  withoutQueue?: boolean
}

export interface RealtimeMessage {
  companyId: number
  topic: string
  data: unknown
  audience?: RealtimeAudience
}

/**
 * A platform-wide event (what super users write for every company, e.g. announcements): each company's sockets receive
 * it under their own name, `company-<their id>-<topic>`, after the topic's gate and the audience. Since 1.2.
 */
export type PlatformMessage = Omit<RealtimeMessage, 'companyId'>

/** Decides whether a socket may join a room of this kind with this argument (e.g. a ticket id). */
export type RoomAuthorizer = (auth: AuthContext, arg: string | undefined) => boolean | Promise<boolean>

/**
 * The socket messages that join and leave a room besides the generic `{ type: 'join' | 'leave', room, arg }`: the
 * spec's web app sends e.g. `{ type: 'joinChatBox', ticketId }`.
 */
export interface RoomMessages {
  join: string
  leave: string
  /** The message field holding the room's argument (e.g. 'ticketId'); absent: the room takes none. */
  arg?: string
}
