import type { Chat, ChatMessage } from './types.ts'

/** Spec: older chat messages load when the list is scrolled under 600 px from its top. */
export const LOAD_OLDER_PX = 600
/** Closer than this to the bottom, the pane follows new messages. */
export const STICK_PX = 120

/** The signed-in user's unread count in a chat. */
export const unreadOf = (chat: Chat, userId: number | undefined): number => chat.users.find((u) => u.userId === userId)?.unreads ?? 0

/** Most recently active first, as the server pages them (ties: the newer chat first). */
export function byActivity(a: Chat, b: Chat): number {
  const at = a.updatedAt ?? ''
  const bt = b.updatedAt ?? ''
  return at === bt ? b.id - a.id : at < bt ? 1 : -1
}

/** The names of a chat's members other than the viewer, for the list's second line and the pane's header. */
export const otherMembers = (chat: Chat, userId: number | undefined): string[] =>
  chat.users.filter((u) => u.userId !== userId && u.user).map((u) => u.user!.name)

export interface ChatFormValues {
  title: string
  userIds: number[]
}

/** Spec section 5: a title and at least one user (i18n keys of this module). */
export function checkChatForm(v: ChatFormValues): Partial<Record<keyof ChatFormValues, string>> {
  const errors: Partial<Record<keyof ChatFormValues, string>> = {}
  if (!v.title.trim()) errors.title = 'chats:dialog.titleRequired'
  if (!v.userIds.length) errors.userIds = 'chats:dialog.usersRequired'
  return errors
}

/** The edited chat's values: its title and its members other than the owner (who always stays). */
export const formValuesOf = (chat: Chat | undefined): ChatFormValues =>
  chat ? { title: chat.title, userIds: chat.users.filter((u) => u.userId !== chat.ownerId).map((u) => u.userId) } : { title: '', userIds: [] }

export interface MessagesState {
  messages: ChatMessage[]
  /** The last page loaded, counted from the newest. */
  page: number
  hasMore: boolean
}

export const emptyMessages = (): MessagesState => ({ messages: [], page: 0, hasMore: true })

/**
 * Puts a page in place: page 1 replaces what is shown (keeping live messages newer than it), older pages go in front.
 * A message already shown (a live frame that overtook its page) is kept once.
 */
export function mergeMessages(state: MessagesState, page: number, records: ChatMessage[], hasMore: boolean): MessagesState {
  const known = new Set(records.map((m) => m.id))
  const rest = state.messages.filter((m) => !known.has(m.id))
  const newest = records.length ? records[records.length - 1].id : 0
  const messages = page === 1 ? [...records, ...rest.filter((m) => m.id > newest)] : [...records, ...rest]
  return { messages, page, hasMore }
}

/** A live or just-sent message goes at the bottom, once. */
export function appendMessage(state: MessagesState, message: ChatMessage): MessagesState {
  if (state.messages.some((m) => m.id === message.id)) return state
  return { ...state, messages: [...state.messages, message].sort((a, b) => a.id - b.id) }
}

/** Enter sends, Shift+Enter breaks the line; a blank message is not sent (spec section 5). */
export const shouldSend = (key: string, shift: boolean, text: string): boolean => key === 'Enter' && !shift && text.trim().length > 0
