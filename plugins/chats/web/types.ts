export interface ChatMember {
  userId: number
  unreads: number
  /** Null for a user deleted since. */
  user: { id: number; name: string } | null
}

export interface Chat {
  id: number
  uuid: string
  companyId: number
  title: string
  ownerId: number
  lastMessage: string | null
  users: ChatMember[]
  createdAt: string | null
  updatedAt: string | null
}

export interface ChatMessage {
  id: number
  chatId: number
  senderId: number
  sender: { id: number; name: string } | null
  message: string
  createdAt: string | null
}

export interface Page<T> {
  records: T[]
  count: number
  hasMore: boolean
}

/** Topic `chat`: the signed-in user's chats (to members only). */
export type ChatFrame = { action: 'create' | 'update'; chat: Chat } | { action: 'delete'; chatId: number; uuid: string }

/** Topic `chatMessage`: the open conversation (its room). */
export type ChatMessageFrame = { action: 'new-message'; chatId: number; uuid: string; message: ChatMessage } | { action: 'update'; chat: Chat }

/** A user of the company, as GET /users/list answers it. */
export interface CompanyUser {
  id: number
  name: string
}
