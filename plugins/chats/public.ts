/**
 * What other plugins may use from the chats plugin (declare `dependencies: ['chats']`, import
 * `@zapdesk/chats/public`). Everything else here is internal, its tables included.
 *
 *   const page = await app.chats.page({ companyId, userId }, { unreadOnly: true })   // a user's chats with unread messages
 *   const chat = await app.chats.create({ companyId, userId }, { title, users: [{ id }] })
 *   await app.chats.send({ companyId, userId }, chat.uuid, 'Olá')                   // published live to the members
 */
import './server/types.ts'

export type { ChatsService, Caller } from './server/service.ts'
export type { ChatJson, ChatMemberJson, MessageJson } from './server/schemas.ts'
