import type { FastifyInstance } from 'fastify'
import type { AuthContext } from '@zapdesk/plugin-api'
import { Chat, ChatUser } from './models.ts'
import type { ChatJson, MessageJson } from './schemas.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The room of one open conversation: `chat:<uuid>`. */
export const chatRoom = (uuid: string) => `chat:${uuid.toLowerCase()}`

/**
 * The two live channels of the internal chat, both only ever to members:
 * - topic `chat`, per user (audience: the members' user ids): a chat appeared (create), changed (update: title,
 *   members, last message, unread counts) or went away for them (delete: deleted, or they were removed);
 * - topic `chatMessage`, per chat (audience: sockets in the chat's room AND its current members, so someone removed
 *   while the conversation is open hears nothing more): new-message and update.
 */
export class ChatsRealtime {
  constructor(private app: FastifyInstance) {}

  private members(chat: ChatJson): number[] {
    return chat.users.map((u) => u.userId)
  }

  /** A chat's state to its members; `only` narrows to some of them, `except` leaves some out. */
  chat(action: 'create' | 'update', chat: ChatJson, opts: { only?: number[]; except?: number[] } = {}): void {
    const userIds = (opts.only ?? this.members(chat)).filter((id) => !opts.except?.includes(id))
    if (!userIds.length) return
    this.app.realtime.publish({ companyId: chat.companyId, topic: 'chat', data: { action, chat }, audience: { userIds } })
  }

  /** The open conversation's header follows a rename or a new member list. */
  changed(chat: ChatJson): void {
    this.app.realtime.publish({ companyId: chat.companyId, topic: 'chatMessage', data: { action: 'update', chat }, audience: this.roomAudience(chat) })
  }

  /** The chat is gone for these users (deleted, or they were taken out of it). */
  gone(chat: ChatJson, userIds: number[]): void {
    if (!userIds.length) return
    this.app.realtime.publish({ companyId: chat.companyId, topic: 'chat', data: { action: 'delete', chatId: chat.id, uuid: chat.uuid }, audience: { userIds } })
  }

  message(chat: ChatJson, message: MessageJson): void {
    this.app.realtime.publish({ companyId: chat.companyId, topic: 'chatMessage', data: { action: 'new-message', chatId: chat.id, uuid: chat.uuid, message }, audience: this.roomAudience(chat) })
  }

  private roomAudience(chat: ChatJson) {
    return { rooms: [chatRoom(chat.uuid)], userIds: this.members(chat) }
  }
}

/** Room `chat:<uuid>`: joined with `{ type: 'joinChat', chatId: <uuid> }` by a member of that chat only. */
export const chatRooms = {
  chat: {
    authorize: async (auth: AuthContext, arg: string | undefined, app: FastifyInstance) => {
      if (!arg || !UUID.test(arg)) return false
      const member = await app.bind(ChatUser).query().forCompany(auth.companyId).where('userId', auth.userId)
        .whereIn('chatId', app.bind(Chat).query().forCompany(auth.companyId).where('uuid', arg.toLowerCase()).select('id')).first()
      return member !== undefined
    },
    messages: { join: 'joinChat', leave: 'leaveChat', arg: 'chatId' },
  },
}
