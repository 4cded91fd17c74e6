import { TenantModel } from '@zapdesk/plugin-api'

export class Chat extends TenantModel {
  static tableName = 'chats'

  uuid!: string
  title!: string
  ownerId!: number
  lastMessage!: string | null
}

/** A member of a chat, with how many of its messages they have not read yet. */
export class ChatUser extends TenantModel {
  static tableName = 'chatUsers'

  chatId!: number
  userId!: number
  unreads!: number
}

export class ChatMessage extends TenantModel {
  static tableName = 'chatMessages'

  chatId!: number
  senderId!: number
  message!: string
}
