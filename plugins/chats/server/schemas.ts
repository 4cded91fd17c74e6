import { Type, type Static } from '@zapdesk/plugin-api'

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'
export const TITLE_MAX = 255
export const MESSAGE_MAX = 10000
/** More members than a company has users is never needed; the cap keeps one request's work bounded. */
export const USERS_MAX = 500

/** A chat in a path: its uuid (what the web app's /chats/{uuid} carries) or its numeric id. */
export const ChatParams = Type.Object({
  id: Type.String({ pattern: `^([1-9][0-9]{0,9}|${UUID})$`, description: 'the chat\'s uuid or numeric id' }),
})

export const ListQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  /** Only chats with messages the caller has not read (the top bar's popover). */
  unreadOnly: Type.Optional(Type.Boolean()),
})

export const MessagesQuery = Type.Object({
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
})

/** A member as the web app's user picker sends it: its id (the name it may carry is not trusted). */
const MemberInput = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) })

export const CreateBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX }),
  users: Type.Array(MemberInput, { minItems: 1, maxItems: USERS_MAX }),
})

export const UpdateBody = Type.Object({
  title: Type.Optional(Type.String({ minLength: 1, maxLength: TITLE_MAX })),
  users: Type.Optional(Type.Array(MemberInput, { minItems: 1, maxItems: USERS_MAX })),
})

/** The spec sends the reader's id; it must be the caller's own (nobody marks chats read for someone else). */
export const ReadBody = Type.Union([Type.Object({ userId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) }), Type.Null()])

export const MessageBody = Type.Object({
  message: Type.String({ minLength: 1, maxLength: MESSAGE_MAX }),
})

const UserRef = Type.Object({ id: Type.Integer(), name: Type.String() })

export const ChatMemberDto = Type.Object({
  userId: Type.Integer(),
  unreads: Type.Integer(),
  /** Null once the user was deleted and before the cleanup took the membership away. */
  user: Type.Union([UserRef, Type.Null()]),
})

export const ChatDto = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  companyId: Type.Integer(),
  title: Type.String(),
  ownerId: Type.Integer(),
  lastMessage: Type.Union([Type.String(), Type.Null()]),
  users: Type.Array(ChatMemberDto),
  createdAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
})

export const MessageDto = Type.Object({
  id: Type.Integer(),
  chatId: Type.Integer(),
  senderId: Type.Integer(),
  /** Null when the sender's user was deleted: the web app shows "deleted user". */
  sender: Type.Union([UserRef, Type.Null()]),
  message: Type.String(),
  createdAt: Type.Union([Type.String(), Type.Null()]),
})

export const ChatPage = Type.Object({ records: Type.Array(ChatDto), count: Type.Integer(), hasMore: Type.Boolean() })
export const MessagePage = Type.Object({ records: Type.Array(MessageDto), count: Type.Integer(), hasMore: Type.Boolean() })

export type ChatJson = Static<typeof ChatDto>
export type ChatMemberJson = Static<typeof ChatMemberDto>
export type MessageJson = Static<typeof MessageDto>
