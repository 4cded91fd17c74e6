import { definePlugin } from '@zapdesk/plugin-api'
import routes from './server/routes.ts'
import { ChatsService } from './server/service.ts'
import { chatRooms } from './server/realtime.ts'
import { chatsFixtures } from './server/fixtures.ts'
import './server/types.ts'

/**
 * The internal chat (the spec's /chats): conversations between users of one company, each member with an unread
 * count. Topic `chat` tells each member about their chats, topic `chatMessage` carries a conversation's messages to
 * the members that opened it (room `chat:<uuid>`). A deleted user leaves their chats.
 */
export default definePlugin({
  name: 'chats',
  version: '1.0.0',
  description: 'Internal chat between users of a company, with unread counts and live delivery to members',
  feature: 'useInternalChat',
  tables: ['chats', 'chat_users', 'chat_messages'],
  provides: ['chats'],
  errorCodes: ['ERR_NO_CHAT_FOUND', 'ERR_CHAT_OWNER_ONLY'],
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { chat: {}, chatMessage: {} },
  rooms: chatRooms,
  setup(app) {
    app.decorate('chats', new ChatsService(app))
    app.events.on('user.deleted', ({ companyId, userId }) => app.chats.removeUser(companyId, userId))
  },
  tenantFixtures: chatsFixtures,
})
